// The payment channel: where a payment is actually sent (a bank, a network-freight payment service).
// Pluggable: a channel is chosen by configuration (HUOYUN_PAYMENT_CHANNEL, default `record`), and a real
// channel is a later integration (docs/settlement.md "Payments"). The default `record` channel records
// each step and pays nothing: a submission stays 处理中 until it is queried, and the query answers 已支付
// with the note `未接入支付通道，仅记录`, so the workflow can be run end to end without moving money.
import { ProcessStatus } from './machine.ts';

export interface PaymentRequest {
  /** `<corp>:<payment>:<attempt>`: the same key for a repeated request, so a channel can refuse paying twice. */
  requestKey: string;
  amount: number;
  payeeName: string;
  bankName: string;
  bankAccount: string;
  waybillNo: string;
}

export interface ChannelAnswer {
  /** paymentProcessStatus: 1 已支付, 2 处理中, 3 支付失败. */
  processStatus: 1 | 2 | 3;
  /** The channel's reference of the payment, when it gave one. */
  ref?: string;
  /** What the channel said, shown on the payment (a failure's reason). */
  note?: string;
}

export interface PaymentChannel {
  name: string;
  submit(request: PaymentRequest): Promise<ChannelAnswer>;
  query(requestKey: string, ref: string | null): Promise<ChannelAnswer>;
}

export const RECORD_ONLY_NOTE = '未接入支付通道，仅记录';

/** The default: records the request and pays nothing. */
export const recordOnlyChannel: PaymentChannel = {
  name: 'record',
  submit: async (r) => ({ processStatus: ProcessStatus.PROCESSING, ref: r.requestKey, note: RECORD_ONLY_NOTE }),
  query: async () => ({ processStatus: ProcessStatus.PAID, note: RECORD_ONLY_NOTE }),
};

const channels = new Map<string, PaymentChannel>([[recordOnlyChannel.name, recordOnlyChannel]]);

/** Makes a channel available by name (a real integration registers itself at start; tests register fakes). */
export function registerPaymentChannel(channel: PaymentChannel) {
  channels.set(channel.name, channel);
}

/** The configured channel; an unknown name is a configuration error, never a silent fallback to "paid". */
export function paymentChannel(name = process.env.HUOYUN_PAYMENT_CHANNEL || recordOnlyChannel.name): PaymentChannel {
  const channel = channels.get(name);
  if (!channel) throw new Error(`payment channel not registered: ${name}`);
  return channel;
}
