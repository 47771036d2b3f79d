import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: ['./server/db/schema.ts', './server/db/schema-transport.ts', './server/db/schema-stowage.ts', './server/db/schema-tracking.ts', './server/db/schema-transfer.ts', './server/db/schema-waybill-history.ts', './server/db/schema-waybill-goods.ts', './server/db/schema-alarms.ts', './server/db/schema-exports.ts', './server/db/schema-imports.ts', './server/db/schema-messages.ts', './server/db/schema-flash.ts', './server/db/schema-waybill-day-counts.ts', './server/db/schema-track-summary.ts', './server/db/schema-report-stats.ts', './server/db/schema-resources.ts', './server/db/schema-logs.ts', './server/db/schema-settlement.ts', './server/db/schema-payments.ts', './server/db/schema-rules.ts'],
  out: './server/db/migrations',
});
