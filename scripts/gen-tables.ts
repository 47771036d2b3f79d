// `npm run gen`, first step: writes server/db/schema-resources.ts, the tables of the resources
// without a hand-written table (scripts/resource-tables.ts); drizzle-kit then writes the migrations.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadRegistry } from '../server/registry/load.ts';
import { GENERATED_FILE, generatedTablesSource, handWrittenTables, PG_SCHEMA_FILE, pgSchemaWithTwins } from './resource-tables.ts';

const registry = loadRegistry();
const handWritten = await handWrittenTables();
writeFileSync(GENERATED_FILE, generatedTablesSource(registry, handWritten));
writeFileSync(PG_SCHEMA_FILE, pgSchemaWithTwins(readFileSync(PG_SCHEMA_FILE, 'utf8'), registry, handWritten));
console.log(`已生成 ${GENERATED_FILE} 和 ${PG_SCHEMA_FILE} 中的 PostgreSQL 表`);
