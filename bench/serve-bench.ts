// The server of the loopback load test, run as a child process so that the load generator does
// not share its event loop: `node --import tsx bench/serve-bench.ts <dbfile | postgres://…> <port>`.
// Listens on 127.0.0.1 only, tells the parent the port over IPC, and exits when the parent goes.
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { connectDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';

const [file, portArg] = process.argv.slice(2);
const port = Number(portArg);
const onPg = /^postgres(ql)?:\/\//.test(file ?? '');
if (!file || (!onPg && !existsSync(file)) || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: node --import tsx bench/serve-bench.ts <existing dbfile | postgres://…> <port>');
  process.exit(2);
}

const db = await connectDatabase(onPg ? { url: file, file: '' } : { file });
const registry = holdRegistry();
const { app } = await createApp({ db, registry, filesDir: onPg ? join(import.meta.dirname, '..', '.bench', 'files') : join(dirname(file), 'files') });

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ ready: true, port: info.port });
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  void db.close().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// The parent holds the IPC channel: if it dies in any way, this server goes too.
process.on('disconnect', shutdown);
