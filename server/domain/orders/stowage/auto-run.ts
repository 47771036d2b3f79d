// An auto-stowage run (智能配载; docs/rules.md "Stowage rules"): on demand from the stowage screen
// (orderStowageTask/autoStowage) or at a rule's daily run time (the job runner, sweepAutoStowage).
// It takes the open stowable orders (the same predicate as unStowageOrderList, rules.ts STOWABLE_SQL),
// plans them (auto-plan.ts) and writes the plan as proposals: 1 生成中 while the run computes, then
// 2 待采纳, or 5 生成失败 with the reason for the orders left over (replacing the rule's earlier 生成失败
// row of the same orders). A run never writes a task or a
// waybill: the dispatcher adopts or rejects each proposal (auto-adopt.ts).
import { failure, forbidden } from '../../../http/envelope.ts';
import type { SessionUser } from '../../../http/context.ts';
import { formatTime } from '../../../resources/time.ts';
import { nextNumber } from '../../workflow/numbering.ts';
import { NOT_FOUND, ORDER_COLUMNS, ORDER_JOINS, STALE, type OrderRow } from '../access.ts';
import { all, insert, one, run, tx, type Conn } from '../sql.ts';
import { rulesAt, versionsDuring } from '../../rules/versions.ts';
import { stowageRuleType, type StowageRuleRecord } from '../../rules/types/stowage.ts';
import { checkTask, remainderOf, STOWABLE_SQL } from './rules.ts';
import { stowageSetting } from './settings.ts';
import { busyVehicles, planStowage, type PlanOrder } from './auto-plan.ts';

/** Dictionary intelligentGenerationStatus. */
export const ProposalStatus = { GENERATING: 1, PENDING: 2, ADOPTED: 3, REJECTED: 4, FAILED: 5, ENDED: 6 } as const;
export const RunTrigger = { ON_DEMAND: 1, SCHEDULED: 2 } as const;

export interface RunOptions {
  trigger: number;
  /** A scheduled run's slot ('2026-11-27 08:00'): a slot runs once whatever the instances. */
  slot?: string;
  /** A scheduled run plans only the orders of the rules due at the slot. */
  ruleIds?: ReadonlySet<number>;
}

/** The corporation's orders a run may stow now, each with what stowing would carry of it. */
export async function stowableNow(conn: Conn, corpId: number, now: number): Promise<PlanOrder[]> {
  const orders = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE o.corp_id = ? AND o.is_deleted = 0 AND ${STOWABLE_SQL} ORDER BY o.id`, corpId, 0);
  const out: PlanOrder[] = [];
  for (const order of orders) {
    const lines = await remainderOf(conn, order.id);
    out.push({ order, weight: lines.reduce((s, l) => s + l.weight, 0), volume: lines.reduce((s, l) => s + l.volume, 0), at: now });
  }
  return out;
}

/**
 * A failure said again replaces the one said before: the earlier 生成失败 proposals of the same rule that
 * hold any of these orders are deleted, so an order left over run after run has one such row per rule
 * instead of one per run. Only failed ones: pending, adopted, rejected or ended proposals are history.
 */
async function dropEarlierFailures(conn: Conn, corpId: number, ruleId: number, orderIds: readonly number[]) {
  if (!orderIds.length) return;
  const earlier = (await all<{ id: number }>(conn, `SELECT DISTINCT p.id FROM stowage_proposals p JOIN stowage_proposal_orders po ON po.proposal_id = p.id
    WHERE p.corp_id = ? AND p.rule_id = ? AND p.status = ? AND po.order_id IN (${orderIds.map(() => '?').join(', ')})`, corpId, ruleId, ProposalStatus.FAILED, ...orderIds)).map((r) => r.id);
  if (!earlier.length) return;
  const marks = earlier.map(() => '?').join(', ');
  await run(conn, `DELETE FROM stowage_proposal_orders WHERE proposal_id IN (${marks})`, ...earlier);
  await run(conn, `DELETE FROM stowage_proposals WHERE id IN (${marks})`, ...earlier);
}

export interface RunResult {
  runId: number;
  proposals: number;
  failed: number;
  orders: number;
}

/** Plans and writes one run, under the corporation's run lock; null when the slot already ran. */
export async function runAutoStowage(conn: Conn, corpId: number, userId: number | null, now: number, options: RunOptions): Promise<RunResult | null> {
  return tx(conn, async () => {
    if (options.slot && (await one(conn, 'SELECT 1 FROM stowage_runs WHERE corp_id = ? AND slot = ?', corpId, options.slot))) return null;
    const runId = await insert(conn, 'INSERT INTO stowage_runs (corp_id, kind, slot, user_id, started_at) VALUES (?, ?, ?, ?, ?)',
      corpId, options.trigger, options.slot ?? null, userId, now);
    const setting = await stowageSetting(conn, corpId);
    const versions = await versionsDuring<StowageRuleRecord>(conn, corpId, stowageRuleType.key, now, now);
    const plan = await planStowage(conn, corpId, await stowableNow(conn, corpId, now), versions, setting, await busyVehicles(conn, corpId), options.ruleIds);
    let proposals = 0;
    let failed = 0;
    for (const p of plan.proposals) {
      let reason = p.reason;
      // A vehicle's proposal keeps the limits every task keeps (the one check: rules.ts checkTask).
      if (p.vehicle) reason = await checkTask(conn, p.orders, p.vehicle.capacity, setting).then(() => null, (e: Error) => e.message);
      if (reason !== null) await dropEarlierFailures(conn, corpId, p.rule.id, p.orders.map((o) => o.id));
      const no = await nextNumber(conn, 'stowage_proposals', corpId, now);
      const id = await insert(conn, `INSERT INTO stowage_proposals (corp_id, run_id, proposal_no, status, reason, rule_id, rule_name, carrier_id, vehicle_id, car_model_id,
        total_weight, total_volume, load_rate, version, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      corpId, runId, no, ProposalStatus.GENERATING, reason, p.rule.id, p.rule.ruleName, stowageRuleType.effectOf(p.rule).carrierId,
      reason === null ? p.vehicle?.id ?? null : null, p.vehicle?.carModelId ?? null, p.totalWeight, p.totalVolume, p.loadRate, userId, now, userId, now);
      for (const [i, o] of p.orders.entries()) await run(conn, 'INSERT INTO stowage_proposal_orders (proposal_id, order_id, seq) VALUES (?, ?, ?)', id, o.id, i + 1);
      if (reason === null) proposals++;
      else failed++;
    }
    // Computed: each proposal awaits the dispatcher, or failed (its orders stay free).
    await run(conn, 'UPDATE stowage_proposals SET status = ? WHERE run_id = ? AND reason IS NULL', ProposalStatus.PENDING, runId);
    await run(conn, 'UPDATE stowage_proposals SET status = ? WHERE run_id = ? AND reason IS NOT NULL', ProposalStatus.FAILED, runId);
    await run(conn, 'UPDATE stowage_runs SET finished_at = ? WHERE id = ?', now, runId);
    return { runId, proposals, failed, orders: plan.proposals.filter((p) => p.reason === null).reduce((s, p) => s + p.orders.length, 0) };
  }, { exclusive: { lock: `stowage_runs:${corpId}` } });
}

/** orderStowageTask/autoStowage: a run now, by a dispatcher (the corporation's staff). */
export function runOnDemand(conn: Conn, user: SessionUser) {
  if (user.userType !== 0) throw forbidden();
  return runAutoStowage(conn, user.corpId, user.userId, Date.now(), { trigger: RunTrigger.ON_DEMAND }) as Promise<RunResult>;
}

/**
 * orderStowageTask/endAutoStowage (结束本批, on a pending proposal): the dispatcher ends what is left of
 * the proposal's run: its pending proposals become 6 手动结束 and their orders are free.
 */
export async function endRun(conn: Conn, user: SessionUser, ref: { id: number; version: number }) {
  if (user.userType !== 0) throw forbidden();
  const now = Date.now();
  return tx(conn, async () => {
    const p = await one<{ runId: number; status: number; version: number }>(conn, 'SELECT run_id AS "runId", status, version FROM stowage_proposals WHERE id = ? AND corp_id = ?', ref.id, user.corpId);
    if (!p) throw failure(NOT_FOUND);
    if (p.version !== ref.version) throw failure(STALE);
    if (p.status !== ProposalStatus.PENDING) throw failure('只有待采纳的方案可以结束');
    const changed = (await run(conn, 'UPDATE stowage_proposals SET status = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE corp_id = ? AND run_id = ? AND status = ?',
      ProposalStatus.ENDED, user.userId, now, user.corpId, p.runId, ProposalStatus.PENDING)).changes;
    return { runId: p.runId, ended: changed };
  });
}

const hhmm = (ms: number) => formatTime(ms).slice(11, 16);

/**
 * The job runner's sweep: for each corporation, each rule in force with daily run times whose latest
 * time today has come runs in that slot (once: stowage_runs' slot is unique per corporation). A time
 * missed while no instance ran is caught up by the next sweep of the day, earlier ones of it not.
 */
export async function sweepAutoStowage(conn: Conn, now: number): Promise<number> {
  const corps = await all<{ corpId: number }>(conn, `SELECT DISTINCT corp_id AS "corpId" FROM rule_versions WHERE rule_type = ? AND valid_until IS NULL`, stowageRuleType.key);
  const day = formatTime(now).slice(0, 10);
  const time = hhmm(now);
  let done = 0;
  for (const { corpId } of corps) {
    const due = new Map<string, Set<number>>();
    for (const rule of rulesAt(await versionsDuring<StowageRuleRecord>(conn, corpId, stowageRuleType.key, now, now), now)) {
      if (rule.status !== 0) continue;
      const latest = stowageRuleType.effectOf(rule).runTimes.filter((t) => t <= time).pop();
      if (!latest) continue;
      const slot = `${day} ${latest}`;
      due.set(slot, (due.get(slot) ?? new Set()).add(rule.id));
    }
    for (const [slot, ruleIds] of [...due].sort()) {
      if (await runAutoStowage(conn, corpId, null, now, { trigger: RunTrigger.SCHEDULED, slot, ruleIds })) done++;
    }
  }
  return done;
}
