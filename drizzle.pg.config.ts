// The PostgreSQL migrations (npm run db:generate:pg): the tables come from the SQLite definitions
// through server/db/pg-schema.ts, so both dialects' migrations follow one declaration.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg-schema.ts',
  out: './server/db/pg-migrations',
});
