// Read-only fields that no column holds: SQL worked out at read time from the row and the moment,
// so a list, its search and sort, a detail and an export all show the value of that moment without
// any write (a contract whose end passed yesterday reads 已到期 today). A resource names one in
// `computed` (field → the name of its computation here); the field itself is declared in
// readOnlyFields for its title and dictionary, and the generated table has no column for it.
// The moment enters the SQL as integer literals the server works out (never user input); the text
// so changes once a day, and prepared statements are reused within it.
import type { ResourceFile } from '../registry/types.ts';
import { columnOf, ident } from './naming.ts';
import { DAY_MS, shanghaiDayStart } from './time.ts';


export type Computation = (alias: string, now: number) => string;

export const COMPUTATIONS: Record<string, Computation> = {
  /**
   * 合同状态 (docs/settlement.md "Contracts"): 已终止 99 once terminated; else by Asia/Shanghai calendar
   * day, 未生效 2 while validFrom falls after today, 已到期 3 once validUntil fell before today, else 生效中 1
   * (validUntil's own day is still 生效中).
   */
  contractStatus: (t, now) => {
    const today = shanghaiDayStart(now);
    return `(CASE WHEN ${t}.terminated_at IS NOT NULL THEN 99 WHEN ${t}.valid_from >= ${today + DAY_MS} THEN 2 WHEN ${t}.valid_until < ${today} THEN 3 ELSE 1 END)`;
  },
};

/** The SQL a field is read by: its column, or its computation at `now`. */
export function fieldSql(res: ResourceFile, field: string, alias = 't', now = Date.now()): string {
  const name = res.computed?.[field];
  return name ? COMPUTATIONS[name](alias, now) : `${alias}.${ident(columnOf(field))}`;
}
