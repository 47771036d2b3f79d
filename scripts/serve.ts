// Starts the platform: opens (and on first start fills) the database, loads the schemas, serves
// the API and the console. PORT, HOST and HUOYUN_DB override the defaults; DATABASE_URL puts it on
// PostgreSQL; JT808_PORT starts the JT/T 808 terminal gateway beside it (README "Settings").
import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { connectDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { SchemaError } from '../server/registry/types.ts';
import { DIST_DIR } from '../server/http/static.ts';
import { createApp } from '../server/app.ts';
import { startJt808 } from '../server/gateway/jt808/start.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, filesDirOf, seedDemo } from './seed-demo.ts';

const port = Number(process.env.PORT ?? 8080);
// Loopback unless told otherwise: a fresh install is not reachable from the network by accident.
const host = process.env.HOST || '127.0.0.1';
const dbFile = process.env.HUOYUN_DB ?? 'data/huoyun.db';
const development = process.env.NODE_ENV === 'development';

function loadSchemas() {
  try {
    return holdRegistry({ watch: development });
  } catch (err) {
    if (!(err instanceof SchemaError)) throw err;
    console.error(`schema 文件错误，无法启动:\n  文件: ${err.file}\n  位置: ${err.pointer || '/'}\n  问题: ${err.detail}`);
    process.exit(1);
  }
}

async function openDatabaseOrExit() {
  try {
    return await connectDatabase({ url: process.env.DATABASE_URL, file: dbFile });
  } catch (err) {
    console.error(`数据库无法打开: ${(err as Error).message}`);
    process.exit(1);
  }
}

const registry = loadSchemas();
const db = await openDatabaseOrExit();
const where = process.env.DATABASE_URL ? 'PostgreSQL' : dbFile;
// Uploaded files live beside the database unless HUOYUN_FILES says otherwise.
const filesDir = filesDirOf(dbFile);
const { app } = await createApp({ db, registry, consoleDir: DIST_DIR, filesDir, relays: true });
// Instances starting together on one empty PostgreSQL: one seeds, the others wait and find users.
await db.transaction(async () => {
  await db.lock('demo-seed');
  if ((await db.one<{ n: number }>('SELECT count(*) AS n FROM users'))!.n > 0) return;
  await seedDemo(db, Date.now(), { filesDir });
  console.log(`已初始化演示数据: ${where}`);
});

const server = serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`货运数字化平台 已启动: http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  console.log(`演示账号 (密码均为 ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(', ')}`);
});
// Idle keep-alive connections outlive the idle timeouts of proxies and clients (nginx keeps upstream
// connections 60 s): with Node's 5 s default, a client reusing a socket the server is just closing gets
// ECONNRESET instead of an answer.
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
server.on('error', (err: NodeJS.ErrnoException) => {
  console.error(err.code === 'EADDRINUSE' ? `端口 ${port} 已被占用，请用 PORT=<端口> 指定其他端口` : `启动失败: ${err.message}`);
  process.exit(1);
});

// The terminal gateway: a port taken, or a wrong setting, stops the start like the HTTP port does.
const jt808 = await startJt808(db, process.env).catch((err: NodeJS.ErrnoException) => {
  console.error(err.code === 'EADDRINUSE' ? `端口 ${process.env.JT808_PORT} 已被占用，请用 JT808_PORT=<端口> 指定其他端口` : `JT/T 808 网关启动失败: ${err.message}`);
  process.exit(1);
});
if (jt808) {
  console.log(`JT/T 808 终端网关 已启动: ${jt808.host}:${jt808.port}`);
  // On shutdown the terminals' connections are closed first, so they reconnect to another instance.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      void jt808.gateway.close().finally(() => server.close(() => process.exit(0)));
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
