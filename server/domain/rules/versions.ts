// The versions of a type's rules (table rule_versions): written by the rule resources' hooks in the
// write's own transaction, read by time. The current rules are the versions whose validUntil is open;
// the rules at a past moment, those whose [validSince, validUntil) holds it.
import { all, one, run, type Conn } from '../../resources/statements.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import type { Condition, RuleRecord, RuleType } from './rule-type.ts';
import { checkConditions } from './conditions.ts';
import { describeConditions } from './describe.ts';
import type { Registry, ResourceFile } from '../../registry/types.ts';
import { fromColumns } from '../../resources/json-fields.ts';

/** A version with the span it was in force. */
export interface RuleVersion<R extends RuleRecord = RuleRecord> {
  rule: R;
  version: number;
  validSince: number;
  validUntil: number | null;
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A rule row as stored (snake_case, its list fields as JSON text) to its record. */
function recordOf(res: ResourceFile, row: Record<string, unknown>): RuleRecord {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = v;
  return fromColumns(res, [out])[0] as RuleRecord;
}

/** Ends the version in force of a rule (its next write or its delete). */
async function closeCurrent(conn: Conn, type: string, ruleId: number, now: number) {
  await run(conn, 'UPDATE rule_versions SET valid_until = ? WHERE rule_type = ? AND rule_id = ? AND valid_until IS NULL', now, type, ruleId);
}

/** Keeps the rule as it now stands as its version in force from now. */
export async function recordVersion(conn: Conn, corpId: number, type: string, res: ResourceFile, ruleId: number, now: number) {
  const row = await one<Record<string, unknown>>(conn, `SELECT * FROM ${res.table} WHERE id = ?`, ruleId);
  if (!row) return;
  const record = recordOf(res, row);
  await closeCurrent(conn, type, ruleId, now);
  await run(conn, 'INSERT INTO rule_versions (corp_id, rule_type, rule_id, version, valid_since, valid_until, record) VALUES (?, ?, ?, ?, ?, NULL, ?)',
    corpId, type, ruleId, record.version as number, now, JSON.stringify(record));
}

type VersionRow = { record: string; version: number; validSince: number; validUntil: number | null };

const parse = <R extends RuleRecord>(rows: VersionRow[]): RuleVersion<R>[] =>
  rows.map((r) => ({ rule: JSON.parse(r.record) as R, version: r.version, validSince: r.validSince, validUntil: r.validUntil }));

/** The versions of a type's rules in force at any moment of [from, to], by rule and time. */
export async function versionsDuring<R extends RuleRecord>(conn: Conn, corpId: number, type: string, from: number, to: number): Promise<RuleVersion<R>[]> {
  return parse<R>(await all<VersionRow>(conn,
    `SELECT record, version, valid_since AS "validSince", valid_until AS "validUntil" FROM rule_versions
     WHERE corp_id = ? AND rule_type = ? AND valid_since <= ? AND (valid_until IS NULL OR valid_until > ?)
     ORDER BY rule_id, valid_since`, corpId, type, to, from));
}

/** Of versions, the rules as they stood at `at`. */
export const rulesAt = <R extends RuleRecord>(versions: readonly RuleVersion<R>[], at: number): R[] =>
  versions.filter((v) => v.validSince <= at && (v.validUntil === null || at < v.validUntil)).map((v) => v.rule);

/** The moments within (from, to] at which some rule of the list changed. */
export const changesWithin = (versions: readonly RuleVersion[], from: number, to: number): number[] =>
  [...new Set(versions.flatMap((v) => [v.validSince, v.validUntil ?? Infinity]))].filter((t) => t > from && t <= to).sort((a, b) => a - b);

/**
 * The hooks every rule resource shares: conditions checked against the type's fields, a version kept
 * per write and ended by the delete (in the write's transaction), and the conditions put in words.
 */
export function ruleVersionHooks(conn: Conn, registry: () => Registry, type: RuleType<unknown>, extra: ResourceHooks = {}): ResourceHooks {
  // The conditions in words (conditionsText) wherever a rule is read: the detail, and a list that asks for it.
  const describe = async (rows: Record<string, unknown>[]) => {
    for (const row of rows) row.conditionsText = await describeConditions(conn, registry(), row.corpId as number, type, row.conditions as Condition[] | null);
  };
  return {
    ...extra,
    async afterRead(row) {
      await describe([row]);
      await extra.afterRead?.(row);
    },
    async afterList(rows, now) {
      await describe(rows);
      await extra.afterList?.(rows, now);
    },
    async beforeInsert(ctx, record) {
      checkConditions(type, record.conditions as Condition[] | undefined);
      await extra.beforeInsert?.(ctx, record);
    },
    async beforeUpdate(ctx, changes, existing) {
      checkConditions(type, changes.conditions as Condition[] | undefined);
      await extra.beforeUpdate?.(ctx, changes, existing);
    },
    async afterWrite(ctx, id, extras) {
      await recordVersion(conn, ctx.user.corpId, type.key, registry().resources.get(type.resource)!, id, ctx.now);
      await extra.afterWrite?.(ctx, id, extras);
    },
    async afterDelete(ctx, existing) {
      await closeCurrent(conn, type.key, existing.id as number, ctx.now);
      await extra.afterDelete?.(ctx, existing);
    },
  };
}
