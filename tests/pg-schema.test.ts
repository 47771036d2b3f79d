// The PostgreSQL side of the port, checked without a PostgreSQL server: every SQLite table has its
// twin with the same columns, and statements are translated the way server/db/postgres.ts says.
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from '../server/db/pg-schema.ts';
import { toPostgres } from '../server/db/postgres.ts';

const SQLITE_MODULES = import.meta.glob<Record<string, unknown>>('../server/db/schema*.ts', { eager: true });

describe('the PostgreSQL tables', () => {
  it('twin every SQLite table, column for column, with bigint integers and double-precision reals', () => {
    const sqlite = Object.values(SQLITE_MODULES).flatMap((m) => Object.values(m)).filter((v): v is SQLiteTable => v instanceof SQLiteTable);
    const twins = new Map((Object.values(pgSchema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((t) => [pgConfig(t).name, t]));
    expect(sqlite.length).toBeGreaterThan(50);
    for (const table of sqlite) {
      const name = sqliteConfig(table).name;
      const twin = twins.get(name);
      expect(twin, `${name} has no line in server/db/pg-schema.ts`).toBeDefined();
      const columns = Object.fromEntries(Object.values(getTableColumns(twin!)).map((c) => [c.name, c.getSQLType()]));
      for (const c of Object.values(getTableColumns(table))) {
        const want = { integer: 'bigint', real: 'double precision', text: 'text', blob: 'bytea' }[c.getSQLType()];
        expect(columns[c.name], `${name}.${c.name}`).toBe(want);
      }
    }
  });
});

describe('statements as PostgreSQL reads them', () => {
  it('numbers placeholders, quotes camelCase names and turns LIKE into ILIKE, leaving quoted text alone', () => {
    expect(toPostgres(`SELECT o.order_no AS orderNo, 'a?b LIKE orderNo' AS "x" FROM orders o WHERE o.remark LIKE ? ESCAPE '\\' AND o.id = ? -- why?\nORDER BY orderNo DESC`))
      .toBe(`SELECT o.order_no AS "orderNo", 'a?b LIKE orderNo' AS "x" FROM orders o WHERE o.remark ILIKE $1 ESCAPE '\\' AND o.id = $2 -- why?\nORDER BY "orderNo" DESC`);
  });

  it('leaves snake_case names, keywords and numbers as they are', () => {
    const sql = 'SELECT count(*) AS n, max(created_at) FROM waybills WHERE corp_id = ? AND created_at >= 28800000 GROUP BY carrier_id';
    expect(toPostgres(sql)).toBe(sql.replace('?', '$1'));
  });
});
