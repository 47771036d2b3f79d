// A rule's conditions as a sentence (货品类别 等于 冷冻食品；重量 大于 10吨), for the detail page and the
// history: codes by their dictionary labels or the names of the records they hold.
import type { Registry } from '../../registry/types.ts';
import { columnOf } from '../../resources/naming.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { OPERATOR_BY_KEY } from './operators.ts';
import type { Condition, ConditionField, RuleType } from './rule-type.ts';

type Labels = Map<string, string>;

async function labelsOf(conn: Conn, registry: Registry, corpId: number, field: ConditionField, codes: (number | string)[]): Promise<Labels> {
  if (field.dictionary) return new Map((registry.dictionaries.get(field.dictionary)?.items ?? []).map((i) => [String(i.id), i.label]));
  const target = field.reference ? registry.resources.get(field.reference) : undefined;
  if (!target || !field.referenceLabel || codes.length === 0) return new Map();
  const rows = await all<{ id: number; label: string }>(conn,
    `SELECT id, ${columnOf(field.referenceLabel)} AS label FROM ${target.table} WHERE corp_id = ? AND id IN (${codes.map(() => '?').join(', ')})`, corpId, ...codes);
  return new Map(rows.map((r) => [String(r.id), r.label]));
}

export async function describeConditions(conn: Conn, registry: Registry, corpId: number, type: RuleType<unknown>, conditions: readonly Condition[] | null | undefined): Promise<string> {
  if (!conditions?.length) return '';
  const parts: string[] = [];
  for (const c of conditions) {
    const field = type.fields.find((f) => f.key === c.field);
    const op = OPERATOR_BY_KEY.get(c.operator);
    if (!field || !op) continue;
    const values = c.value === null || c.value === undefined ? [] : Array.isArray(c.value) ? c.value : [c.value];
    const labels = field.kind === 'code' ? await labelsOf(conn, registry, corpId, field, values) : new Map<string, string>();
    const shown = values.map((v) => labels.get(String(v)) ?? String(v));
    const unit = field.unit ?? '';
    const value = op.arity === 'none' ? '' : op.arity === 'pair' ? ` ${shown[0]}~${shown[1]}${unit}` : ` ${shown.join('、')}${field.kind === 'number' ? unit : ''}`;
    parts.push(`${field.title} ${op.label}${value}`);
  }
  return parts.join('；');
}
