// Every version of every rule (docs/rules.md "Versions"): the whole record as it stood from one write to
// the next. A rule is judged at an event's time by the version in force then, so a change applies from
// its moment on and never to what happened before it (late points, the preview over past days).
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
 * The service comment setting (服务评价设置, docs/rules.md "Service comment"): every save is a new
 * version, never an update, so an evaluation names the version it answered and keeps its questions.
 * `businessType` null is the corporation-wide setting; one for a business type overrides it.
 */
export const evaluateSettings = sqliteTable('evaluate_settings', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  businessType: integer('business_type'),
  /** 1, 2, … per corporation and business type. */
  version: integer('version').notNull(),
  /** The questions as saved (JSON: [{key, title, kind, required, sort, enabled}]). */
  questions: text('questions').notNull(),
  savedBy: integer('saved_by'),
  savedAt: integer('saved_at').notNull(),
}, (t) => [index('evaluate_settings_corp').on(t.corpId, t.businessType, t.version)]);

/** One answer of one evaluation to one question: a star count (1–5), 是 1 / 否 0, or a text. */
export const evaluationAnswers = sqliteTable('evaluation_answers', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  evaluationId: integer('evaluation_id').notNull(),
  waybillId: integer('waybill_id').notNull(),
  /** The setting version answered (evaluate_settings.id). */
  settingId: integer('setting_id').notNull(),
  questionKey: text('question_key').notNull(),
  kind: text('kind').notNull(),
  value: integer('value'),
  textValue: text('text_value'),
}, (t) => [
  index('evaluation_answers_evaluation').on(t.evaluationId),
  index('evaluation_answers_corp_key').on(t.corpId, t.questionKey),
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

/**
 * The runs of the fixed-line schedules (固定线路排班, docs/rules.md "Fixed lines"): one row per
 * (schedule, day) whose waybill was generated, written in the same transaction as the waybill, so a
 * day's waybill is made once however many instances sweep. It is also the waybill's link to its line.
 */
export const fixedLineRuns = sqliteTable('fixed_line_runs', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  lineId: integer('line_id').notNull(),
  schedulingId: integer('scheduling_id').notNull(),
  /** The run's day: the start of that day in Asia/Shanghai (epoch ms). */
  runDay: integer('run_day').notNull(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  /** When the waybill was generated. */
  at: integer('at').notNull(),
}, (t) => [
  uniqueIndex('fixed_line_runs_key').on(t.schedulingId, t.runDay),
  index('fixed_line_runs_line').on(t.lineId, t.runDay),
  uniqueIndex('fixed_line_runs_waybill').on(t.waybillId),
]);
