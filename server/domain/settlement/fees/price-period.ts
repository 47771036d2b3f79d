// 批量估算: finance prices every waybill completed in a period, both sides, before making that period's
// bills (docs/settlement.md "Pricing a period"). The same engine and the same estimate rules as one
// waybill's 运费估算 (estimates.ts: an override for the same party stays, the same estimate writes
// nothing); only the reading and writing are batched: the contracts, rules and oil prices are read once,
// the waybills' facts a thousand at a time, and a chunk's new fees, their history and the estimates'
// outcomes (waybill_fee_estimates, trigger 批量估算) go in one transaction (conn.runRows / insertRows). A side not priced is treated as 运费估算 treats it.
import type { SessionUser } from '../../../http/context.ts';
import { failure, invalid } from '../../../http/envelope.ts';
import { ConstraintError } from '../../../db/port.ts';
import { all, tx, type Conn } from '../../../resources/statements.ts';
import { COMPLETED_IN_PERIOD, periodBounds } from '../completion.ts';
import { preloadedSources } from '../contract-sources.ts';
import { estimateFromFacts } from '../pricing/estimate.ts';
import { loadFactsOf } from '../pricing/facts-loader.ts';
import type { PriceResult } from '../pricing/types.ts';
import { applyEstimate, estimatedValues, estimateOutcome, recordEstimate } from './estimates.ts';
import { FEE_COLUMNS_SQL, insertFees, noteEstimates, writerOf, type FeeRow, type FeeValues, type Writer } from './store.ts';
import { SIDES, unpriced } from './estimate-fees.ts';
import { partyOf } from '../pricing/match.ts';

const CHUNK = 1000;

export interface PricePeriodResult {
  /** Completed waybills of the period. */
  waybills: number;
  /** Fees written (new or changed). */
  changed: number;
  /** Fees left as they were: the same estimate, or an override for the same party. */
  unchanged: number;
  /** Sides the contracts could not price, counted per side and reason. */
  failures: { side: number; message: string; count: number }[];
}

interface Priced { waybillId: number; side: number; values: FeeValues; price: PriceResult }

export async function pricePeriod(conn: Conn, user: SessionUser, from: string, to: string, by: Writer = writerOf(user)): Promise<PricePeriodResult> {
  if (user.userType !== 0) throw failure('只有本公司财务人员可以批量估算');
  if (from > to) throw invalid('账期开始日期不能晚于账期结束日期');
  const corpId = user.corpId;
  const sources = await preloadedSources(conn, corpId);
  const result: PricePeriodResult = { waybills: 0, changed: 0, unchanged: 0, failures: [] };
  const failures = new Map<string, PricePeriodResult['failures'][number]>();
  let after = 0;
  for (;;) {
    const ids = (await all<{ id: number }>(conn,
      `SELECT w.id FROM waybills w WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.id > ? AND ${COMPLETED_IN_PERIOD} ORDER BY w.id LIMIT ${CHUNK}`,
      corpId, after, ...periodBounds(from, to))).map((r) => r.id);
    if (!ids.length) break;
    after = ids[ids.length - 1];
    const priced: Priced[] = [];
    const notPriced: { waybillId: number; side: number; partyId: number | null; message: string }[] = [];
    for (const facts of (await loadFactsOf(conn, corpId, ids)).values()) {
      for (const { side, feeSide } of SIDES) {
        const estimate = await estimateFromFacts(facts, side, sources);
        if (!estimate.ok) {
          const key = `${feeSide}:${estimate.message}`;
          const f = failures.get(key) ?? { side: feeSide, message: estimate.message, count: 0 };
          f.count += 1;
          failures.set(key, f);
          const party = partyOf(facts, side);
          notPriced.push({ waybillId: facts.waybillId, side: feeSide, partyId: 'partyId' in party ? party.partyId : null, message: estimate.message });
          continue;
        }
        const partyId = side === 'carrier' ? facts.carrierId! : facts.customerIds[0];
        priced.push({ waybillId: facts.waybillId, side: feeSide, values: estimatedValues(feeSide, partyId, estimate), price: estimate });
      }
    }
    // The chunk's writes in one transaction: the fees with their history, the sides not priced, the outcomes.
    const written = await tx(conn, async () => {
      const n = await writeChunk(conn, corpId, priced, by);
      await settleUnpriced(conn, corpId, notPriced, by);
      await noteEstimates(conn, corpId, [...priced.map((p) => ({ ...p, message: null })), ...notPriced], 'pricePeriod', Date.now());
      return n;
    });
    result.waybills += ids.length;
    result.changed += written;
    result.unchanged += priced.length - written;
  }
  result.failures = [...failures.values()];
  return result;
}

/**
 * The sides not priced, as one waybill's 运费估算 treats them (estimate-fees.ts unpriced): a fee that
 * belongs to someone who no longer has the waybill is voided; any other stays. Only waybills with such a
 * fee are visited one by one.
 */
async function settleUnpriced(conn: Conn, corpId: number, notPriced: { waybillId: number; side: number; partyId: number | null }[], by: Writer) {
  if (!notPriced.length) return;
  const ids = [...new Set(notPriced.map((n) => n.waybillId))];
  const fees = new Map((await all<{ waybillId: number; side: number; partyId: number }>(conn,
    `SELECT waybill_id AS "waybillId", side, party_id AS "partyId" FROM waybill_fees WHERE corp_id = ? AND is_deleted = 0 AND waybill_id IN (${ids.map(() => '?').join(', ')})`,
    corpId, ...ids)).map((f) => [`${f.waybillId}:${f.side}`, f.partyId]));
  for (const n of notPriced) {
    const partyId = fees.get(`${n.waybillId}:${n.side}`);
    if (partyId !== undefined && partyId !== n.partyId) await unpriced(conn, n.waybillId, n.side, n.partyId, by, Date.now());
  }
}

/** Stores a chunk's estimates; answers how many fees changed. */
async function writeChunk(conn: Conn, corpId: number, priced: Priced[], by: Writer): Promise<number> {
  if (!priced.length) return 0;
  try {
    return await tx(conn, async () => {
      const now = Date.now();
      const ids = [...new Set(priced.map((p) => p.waybillId))];
      const existing = new Map((await all<FeeRow>(conn,
        `SELECT ${FEE_COLUMNS_SQL} FROM waybill_fees WHERE is_deleted = 0 AND waybill_id IN (${ids.map(() => '?').join(', ')})`, ...ids))
        .map((f) => [`${f.waybillId}:${f.side}`, f]));
      const inserts: Priced[] = [];
      let changed = 0;
      for (const p of priced) {
        const fee = existing.get(`${p.waybillId}:${p.side}`);
        const outcome = estimateOutcome(fee, p.values);
        if (outcome === 'insert') inserts.push(p);
        else if (outcome === 'update') (await applyEstimate(conn, fee!, p.values, by, now), changed++);
      }
      await insertFees(conn, corpId, inserts, by, now);
      return changed + inserts.length;
    });
  } catch (e) {
    // A dispatcher's 运费估算 wrote one of these fees meanwhile: this chunk again, a fee at a time, under its lock.
    if (!(e instanceof ConstraintError && e.kind === 'unique')) throw e;
    let changed = 0;
    for (const p of priced) {
      const r = await recordEstimate(conn, corpId, p.waybillId, p.side, p.values.partyId, p.price, by);
      if (r.changed) changed++;
    }
    return changed;
  }
}
