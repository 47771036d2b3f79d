// The home dashboard's cards: what each shows and the operation that opens the list it counts. A
// user is offered only the cards whose operation their roles grant, so the dashboard never shows
// numbers of a list the user could not open (a carrier user has no orders card, a customer user no
// waybill cards unless a role grants waybill3).
import type { SessionUser } from '../http/context.ts';

export interface CardDef {
  cardKey: string;
  title: string;
  /** Any one of these operations lets the user see the card. */
  operations: readonly string[];
}

export const ORDER_OPS = ['order3'] as const;
export const WAYBILL_OPS = ['waybill3'] as const;
export const ALARM_OPS = ['BusinessAlarmReport3'] as const;
export const VEHICLE_OPS = ['vehicle3'] as const;

/** In their default order. */
export const CARDS: readonly CardDef[] = [
  { cardKey: 'todayOrders', title: '今日订单', operations: ORDER_OPS },
  { cardKey: 'todayWaybills', title: '今日运单', operations: WAYBILL_OPS },
  { cardKey: 'onTimeRate', title: '准时率', operations: WAYBILL_OPS },
  { cardKey: 'openAlarms', title: '未处理报警', operations: ALARM_OPS },
  { cardKey: 'vehiclesOnline', title: '在线车辆', operations: VEHICLE_OPS },
  { cardKey: 'businessVolume', title: '业务量趋势', operations: WAYBILL_OPS },
  { cardKey: 'deliveringAmount', title: '各业务线在途', operations: WAYBILL_OPS },
  { cardKey: 'transitMap', title: '在途运单地图', operations: WAYBILL_OPS },
];

export const CARD_KEYS = CARDS.map((c) => c.cardKey);

export const holdsAny = (user: SessionUser, ops: readonly string[]) => ops.some((op) => user.operationIds.has(op));

/** The cards the user's roles allow, in default order. */
export const cardsFor = (user: SessionUser) => CARDS.filter((c) => holdsAny(user, c.operations));
