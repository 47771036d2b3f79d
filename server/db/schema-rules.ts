// Every version of every rule (docs/rules.md "Versions"): the whole record as it stood from one write to
// the next. A rule is judged at an event's time by the version in force then, so a change applies from
// its moment on and never to what happened before it (late points, the preview over past days).
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { corporations } from './schema.ts';

export const ruleVersions = sqliteTable('rule_versions', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  /** The rule type's key (server/domain/rules/types). */
  ruleType: text('rule_type').notNull(),
  ruleId: integer('rule_id').notNull(),
  /** The rule's record version this snapshot is. */
  version: integer('version').notNull(),
  /** In force from this moment (epoch ms, the write's time)… */
  validSince: integer('valid_since').notNull(),
  /** …until the next write or the delete; null while current. */
  validUntil: integer('valid_until'),
  /** The record as read after the write (JSON). */
  record: text('record').notNull(),
}, (t) => [
  index('rule_versions_corp_type').on(t.corpId, t.ruleType, t.validSince),
  index('rule_versions_rule').on(t.ruleId, t.ruleType),
]);

// What the periodic sweeps (server/jobs) have done, one row per (kind, waybill): the automatic
// sign-off ('autoSign') and each progress reminder ('remind:<ruleId>'). Written in the same
// transaction as the act itself, under the sweep's exclusive lock, so an act is done once however
// many instances sweep and whenever one is killed: a row is there exactly when its act committed.
export const timedRuleMarks = sqliteTable('timed_rule_marks', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  kind: text('kind').notNull(),
  waybillId: integer('waybill_id').notNull(),
  /** 1 done (signed, sent); 2 refused by the waybill's state (an auto-sign the machine refused). */
  outcome: integer('outcome').notNull(),
  /** When the act was due (the deadline) and when it was done. */
  dueAt: integer('due_at').notNull(),
  at: integer('at').notNull(),
}, (t) => [uniqueIndex('timed_rule_marks_key').on(t.kind, t.waybillId)]);
