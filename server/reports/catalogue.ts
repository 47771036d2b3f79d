// The tables and columns a report may name: exactly those of the drizzle schema, so a report file
// can only reach real columns, and a misspelt one is refused when the schemas load.
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as base from '../db/schema.ts';
import * as transport from '../db/schema-transport.ts';
import * as alarms from '../db/schema-alarms.ts';
import * as trackSummary from '../db/schema-track-summary.ts';
import * as reportStats from '../db/schema-report-stats.ts';
import { waybillAllowances, waybillDeductions } from '../db/schema-settlement.ts';

/** Tables a report may never read, whatever it declares: secrets and session state. */
const PRIVATE_TABLES = new Set(['sessions', 'login_throttle']);
const PRIVATE_COLUMNS = new Set(['users.password_hash', 'users.password_salt']);

// Of the settlement tables, only those the settlement reports read (费用扣款报表, 补贴报表): bills and fees are not opened wholesale.
const SCHEMA_MODULES: Record<string, unknown>[] = [base, transport, alarms, trackSummary, reportStats, { waybillDeductions, waybillAllowances }];

export type Catalogue = ReadonlyMap<string, ReadonlySet<string>>;

function build(): Catalogue {
  const out = new Map<string, Set<string>>();
  for (const value of SCHEMA_MODULES.flatMap((m) => Object.values(m))) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (PRIVATE_TABLES.has(config.name)) continue;
    out.set(config.name, new Set(config.columns.map((c) => c.name).filter((c) => !PRIVATE_COLUMNS.has(`${config.name}.${c}`))));
  }
  return out;
}

let cached: Catalogue | undefined;
export function catalogue(): Catalogue {
  return (cached ??= build());
}

/** Each table's single-column primary key (tables keyed by several columns have none here). */
function buildPrimaryKeys(): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const value of SCHEMA_MODULES.flatMap((m) => Object.values(m))) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    const key = config.columns.filter((c) => c.primary);
    if (key.length === 1) out.set(config.name, key[0].name);
  }
  return out;
}

let cachedKeys: ReadonlyMap<string, string> | undefined;
export function primaryKeyOf(table: string): string | undefined {
  return (cachedKeys ??= buildPrimaryKeys()).get(table);
}

export interface CatalogueColumn {
  name: string;
  /** The column's SQL type as declared (integer, text, real). */
  type: string;
  nullable: boolean;
  primary: boolean;
}

/** Each reachable table with its columns in declaration order (docs/configurator.md's catalogue). */
export function catalogueColumns(): { table: string; columns: CatalogueColumn[] }[] {
  const reachable = catalogue();
  const out: { table: string; columns: CatalogueColumn[] }[] = [];
  for (const value of SCHEMA_MODULES.flatMap((m) => Object.values(m))) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    const allowed = reachable.get(config.name);
    if (!allowed) continue;
    out.push({
      table: config.name,
      columns: config.columns.filter((c) => allowed.has(c.name)).map((c) => ({ name: c.name, type: c.getSQLType(), nullable: !c.notNull, primary: c.primary })),
    });
  }
  return out.sort((a, b) => a.table.localeCompare(b.table));
}
