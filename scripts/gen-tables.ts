// `npm run gen`, first step: writes server/db/schema-resources.ts, the tables of the resources
// without a hand-written table (scripts/resource-tables.ts); drizzle-kit then writes the migrations.
import { writeFileSync } from 'node:fs';
import { loadRegistry } from '../server/registry/load.ts';
import { GENERATED_FILE, generatedTablesSource, handWrittenTables } from './resource-tables.ts';

writeFileSync(GENERATED_FILE, generatedTablesSource(loadRegistry(), await handWrittenTables()));
console.log(`已生成 ${GENERATED_FILE}`);
