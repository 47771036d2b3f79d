// Every version of every rule (docs/rules.md "Versions"): the whole record as it stood from one write to
// the next. A rule is judged at an event's time by the version in force then, so a change applies from
// its moment on and never to what happened before it (late points, the preview over past days).
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { corporations } from './schema.ts';
import { waybills } from './schema-transport.ts';

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

/**
 * The answers given to a waybill's check (docs/rules.md "Check rules"): one row per answering, judged by
 * the check rule version in force at that moment. A passed row releases the waybill's step; a failed one
 * is kept (what the gate found) and the waybill stays held.
 */
export const waybillChecks = sqliteTable('waybill_checks', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  /** Dictionary checkType: 1 入厂检查, 2 卸货检查, 3 出厂检查. */
  checkType: integer('check_type').notNull(),
  ruleId: integer('rule_id').notNull(),
  ruleVersion: integer('rule_version').notNull(),
  ruleName: text('rule_name').notNull(),
  /** JSON: [{seq, question, answerKind, unit, answer, passed}] in the rule's order. */
  answers: text('answers').notNull(),
  /** 1 when every required question's answer passes. */
  passed: integer('passed').notNull(),
  userId: integer('user_id').notNull(),
  userName: text('user_name').notNull(),
  at: integer('at').notNull(),
}, (t) => [index('waybill_checks_waybill').on(t.waybillId, t.checkType)]);
