// A resource without a hand-written table gets one from npm run gen (scripts/resource-tables.ts):
// the generated module is what the resource files say now, and a new resource's table has its
// fields as columns, the audit columns, its unique keys among live rows and its reference indexes.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { GENERATED_FILE, generatedTablesSource, handWrittenTables, PG_SCHEMA_FILE, pgSchemaWithTwins } from '../scripts/resource-tables.ts';

const handWritten = await handWrittenTables();

describe('tables generated from resource files', () => {
  it('server/db/schema-resources.ts is what the resource files say now (run npm run gen when this fails)', () => {
    const registry = loadRegistry();
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(generatedTablesSource(registry, handWritten));
    const pgSchema = readFileSync(PG_SCHEMA_FILE, 'utf8');
    expect(pgSchema).toBe(pgSchemaWithTwins(pgSchema, registry, handWritten));
  });

  it('declares a new resource\'s table: fields, audit columns, unique key among live rows, reference index', () => {
    const root = mkdtempSync(join(tmpdir(), 'huoyun-schemas-'));
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    writeFileSync(join(root, 'resources', 'turnoverCrate.json'), JSON.stringify({
      id: 'turnoverCrate', title: '周转筐', table: 'turnover_crates',
      // The car model's operations: a real new resource declares its own in a menu file.
      permissions: { list: ['carModel3'], save: ['carModelAdd3'], update: ['carModelUpdate3'], delete: ['carModelDelete3'] },
      schema: {
        type: 'object', required: ['packageName'],
        properties: {
          packageName: { title: '包装名称', type: 'string', maxLength: 30 },
          carrierId: { title: '承运商', type: 'integer', minimum: 1 },
          tareWeightKg: { title: '皮重(千克)', type: 'number', minimum: 0 },
          depositFen: { title: '押金(分)', type: 'integer', minimum: 0 },
          status: { title: '状态', type: 'integer', enum: [0, 1], 'x-dictionary': 'enableStatus', default: 0 },
        },
      },
      search: { packageName: 'like', status: 'in' },
      unique: [['packageName']],
      references: { carrierId: { resource: 'carrier', label: 'carrierName' } },
    }));
    const registry = loadRegistry(root);
    const source = generatedTablesSource(registry, handWritten);
    expect(pgSchemaWithTwins(readFileSync(PG_SCHEMA_FILE, 'utf8'), registry, handWritten)).toContain('export const turnoverCrates = twin(sResources.turnoverCrates);\n');
    // The carriers table is imported beside the audit columns (other resources may add their own targets).
    expect(source).toMatch(/import \{ (\w+, )*audit, (\w+, )*carriers, (\w+, )*corporations, (\w+, )*live(, \w+)* \} from '\.\/schema\.ts';/);
    expect(source).toContain("export const turnoverCrates = sqliteTable('turnover_crates', {");
    expect(source).toContain("packageName: text('package_name').notNull(),");
    expect(source).toContain("carrierId: integer('carrier_id').references(() => carriers.id),");
    expect(source).toContain("tareWeightKg: real('tare_weight_kg'),");
    expect(source).toContain("depositFen: integer('deposit_fen'),");
    expect(source).toContain("status: integer('status').notNull().default(0),");
    expect(source).toContain('...audit,');
    expect(source).toContain("uniqueIndex('turnover_crates_package_name').on(t.corpId, t.packageName).where(live)");
    expect(source).toContain("index('turnover_crates_carrier_id').on(t.corpId, t.isDeleted, t.carrierId)");
    expect(source).toContain("index('turnover_crates_status').on(t.corpId, t.isDeleted, t.status)");
  });
});
