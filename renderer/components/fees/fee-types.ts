// The shapes of financialFee/getWaybillFees and getOrderFees (docs/api.md "Settlement"). Money in fen.

export interface FeeLine {
  kind: string;
  kindStr: string;
  quantity: string | null;
  unit: string | null;
  unitPrice: number | null;
  amount: number;
  note?: string;
}

export interface Fee {
  id: number;
  side: number;
  sideStr: string;
  amount: number;
  state: number;
  stateStr: string;
  ruleName: string | null;
  contractName: string | null;
  overrideReason: string | null;
  version: number;
  lines: FeeLine[];
}

export interface FeeEstimate {
  side: number;
  sideStr: string;
  priced: boolean;
  message: string | null;
  triggerStr: string;
  estimatedAtStr: string;
}

export interface WaybillFeesAnswer {
  fees: Fee[];
  estimates: FeeEstimate[];
}

export interface OrderFeesAnswer {
  waybills: (WaybillFeesAnswer & { waybillId: number; waybillNo: string; shared: boolean })[];
  totals: { side: number; sideStr: string; amount: number; count: number }[];
}

export const SIDE_TITLES: Record<number, string> = { 1: '应收', 2: '应付' };
/** Who may read fees at all, and who may estimate and adjust them (server/routes/settlement-bills.ts). */
export const FEE_READ_OPERATIONS = ['financialFeeSave3', 'billList3'];
export const FEE_SAVE_OPERATION = 'financialFeeSave3';
