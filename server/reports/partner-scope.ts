// Scope of every table a report reads, for a partner user (customer 1, carrier 2). The report's
// scope alias alone is not enough: a join can reach other partners' rows through a row that is the
// user's own (a waybill stowed with several customers' orders reaches the other customers' orders,
// their names and goods). So each alias of the query must be "held", i.e. be the user's:
//  - the scope alias is held by the report's scope;
//  - a lookup (joined on its own primary key from a held alias) is what a held row refers to (the
//    carrier, vehicle or order of the user's row): held as it is;
//  - a row that belongs to others (goods, nodes, events, order links, day summaries) is held when
//    each owner it points at is: equal by the joins to a held alias of the owner's table, or else
//    through an IN over the owner's scope;
//  - orders, waybills, alarms, summary and resource tables reached otherwise: their own scope;
//  - anything else cannot be cut to a partner: the report is refused (104) rather than shown whole.
// A left join's conditions go into its ON (the row reads as absent), the others' into the WHERE.
// Staff users are held by their corporation through the scope alias, as before.
import type { SessionUser } from '../http/context.ts';
import { forbidden } from '../http/envelope.ts';
import type { ResourceFile } from '../registry/types.ts';
import { orderScope } from '../domain/orders/access.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { scopeWhere } from '../resources/scope.ts';
import { alarmScope } from '../alarms/scope.ts';
import { primaryKeyOf } from './catalogue.ts';
import { frag, type Frag } from './sql.ts';
import { SUMMARY_TABLES, summaryScope } from './summary-scope.ts';
import { settlementScopeOf } from './settlement-scope.ts';
import { paymentScope } from '../domain/settlement/payments/store.ts';
import type { ReportFile } from './types.ts';

type Resources = ReadonlyMap<string, ResourceFile>;
type Scoper = (user: SessionUser, alias: string) => Frag;

const fromWhere = (w: { sql: string[]; params: unknown[] }) => frag(w.sql.join(' AND '), ...w.params);

/** Tables with a scope of their own. */
const OWN_SCOPE: Record<string, Scoper> = {
  orders: (u, a) => fromWhere(orderScope(u, a)),
  waybills: (u, a) => fromWhere(waybillScope(u, a)),
  alarms: (u, a) => {
    const w = alarmScope(u, a);
    return frag(w.sql, ...w.params);
  },
  ...Object.fromEntries(SUMMARY_TABLES.map((t) => [t, summaryScope])),
  // Settlement: a fee is its side's party's; a bill also only once sent (bills/scope.ts); a payment its carrier's.
  waybill_fees: (u, a) => settlementScopeOf('waybill_fees', u, a),
  bills: (u, a) => settlementScopeOf('bills', u, a),
  waybill_payments: (u, a) => fromWhere(paymentScope(u, a)),
};

/**
 * Tables whose rows belong to rows of other tables: [column, owner table]. An order link is the
 * customer's through its order (its waybill then carries the customer's order) and the carrier's
 * through its waybill (its order is then one the carrier's waybill carries): the other side follows
 * from the order and waybill scopes themselves.
 */
function ownersOf(table: string, userType: 1 | 2): [string, string][] | undefined {
  if (table === 'waybill_orders') return userType === 1 ? [['order_id', 'orders']] : [['waybill_id', 'waybills']];
  // A deduction is what a carrier is charged: its carrier's users reach it through the waybill (the
  // report joins the waybill on the deduction's party too); a customer user never does (refused).
  if (table === 'waybill_deductions') return userType === 2 ? [['waybill_id', 'waybills']] : undefined;
  return OWNERS[table];
}
const OWNERS: Record<string, [string, string][]> = {
  order_goods: [['order_id', 'orders']],
  order_parts: [['order_id', 'orders']],
  order_history: [['order_id', 'orders']],
  waybill_nodes: [['waybill_id', 'waybills']],
  waybill_events: [['waybill_id', 'waybills']],
  waybill_evaluations: [['waybill_id', 'waybills']],
  waybill_receipts: [['waybill_id', 'waybills']],
  waybill_temperature_ranges: [['waybill_id', 'waybills']],
  alarm_media: [['alarm_id', 'alarms']],
  // A bill's line is seen with its bill (a partner's draft bill hides its lines too).
  bill_lines: [['bill_id', 'bills']],
  track_day_summaries: [['vehicle_id', 'vehicles']],
};

function scoperOf(table: string, resources: Resources): Scoper | undefined {
  if (OWN_SCOPE[table]) return OWN_SCOPE[table];
  const res = [...resources.values()].find((r) => r.table === table);
  return res ? (u, a) => fromWhere(scopeWhere(res, u, a)) : undefined;
}

export interface PartnerScope {
  /** Conditions on the source and inner joins. */
  where: Frag[];
  /** Conditions added to a left join's ON, by its alias. */
  on: Map<string, Frag[]>;
}

interface Aliased {
  table: string;
  alias: string;
  on: Record<string, string>;
  left: boolean;
}

/**
 * The columns a row of `t` surely equals `column` on: through t's own ON and the inner joins' (a
 * left join's ON says nothing about the row when the joined row is absent).
 */
function equalTo(column: string, t: Aliased, all: Aliased[]): Set<string> {
  const pairs = all.filter((x) => x === t || !x.left).flatMap((x) => Object.entries(x.on));
  const seen = new Set([column]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [a, b] of pairs) {
      if (seen.has(a) !== seen.has(b)) (seen.add(a), seen.add(b), (grew = true));
    }
  }
  return seen;
}

export function partnerScope(report: ReportFile, user: SessionUser, resources: Resources): PartnerScope {
  const out: PartnerScope = { where: [], on: new Map() };
  if (user.userType !== 1 && user.userType !== 2) return out;
  const all: Aliased[] = [{ ...report.source, on: {}, left: false }, ...(report.joins ?? []).map((j) => ({ ...j, left: j.type === 'left' }))];
  const tableOf = new Map(all.map((t) => [t.alias, t.table]));
  const held = new Set([report.scope.alias]);
  let subqueries = 0;

  for (const t of all) {
    if (held.has(t.alias)) continue;
    const conds: Frag[] = [];
    const key = primaryKeyOf(t.table);
    const lookup = !!key && Object.entries(t.on).some(([mine, theirs]) => mine === `${t.alias}.${key}` && held.has(theirs.split('.')[0]));
    const owners = ownersOf(t.table, user.userType);
    const scoper = scoperOf(t.table, resources);
    if (lookup) {
      // Held as it is: the row a held row names.
    } else if (owners) {
      for (const [column, owner] of owners) {
        const ownerKey = primaryKeyOf(owner)!;
        const viaJoin = [...equalTo(`${t.alias}.${column}`, t, all)].some((c) => {
          const [alias, col] = c.split('.');
          return held.has(alias) && tableOf.get(alias) === owner && col === ownerKey;
        });
        if (viaJoin) continue;
        const sub = `_ps${++subqueries}`;
        const scope = scoperOf(owner, resources)!(user, sub);
        // The unary + keeps the planner from walking the row's index once per owner in the list
        // (e.g. waybill_orders by (waybill_id, order_id) for each of a customer's orders): a test, not a key.
        conds.push(frag(`+${t.alias}.${column} IN (SELECT ${sub}.${ownerKey} FROM ${owner} ${sub} WHERE ${scope.sql})`, ...scope.params));
      }
    } else if (scoper) conds.push(scoper(user, t.alias));
    else throw forbidden('该报表不能按合作方限定数据范围');
    held.add(t.alias);
    if (!conds.length) continue;
    if (t.left) out.on.set(t.alias, conds);
    else out.where.push(...conds);
  }
  return out;
}
