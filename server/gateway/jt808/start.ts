// The gateway beside the HTTP server (scripts/serve.ts): on when JT808_PORT names a port, off when
// it is empty or unset. JT808_HOST picks the address (HOST, else loopback, like the HTTP server);
// JT808_DEVICE_PROFILES the extension-item profiles (device-profiles.ts).
import type { Conn } from '../../resources/statements.ts';
import { Jt808Gateway } from './gateway.ts';
import { profilesFrom } from './device-profiles.ts';

export function jt808PortFrom(env: NodeJS.ProcessEnv): number | null {
  const raw = env.JT808_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`JT808_PORT 应为 1-65535 的端口号，收到 ${raw}`);
  return port;
}

/** Starts the gateway when the settings ask for it; answers it (to close on shutdown) or null. */
export async function startJt808(conn: Conn, env: NodeJS.ProcessEnv): Promise<{ gateway: Jt808Gateway; port: number; host: string } | null> {
  const port = jt808PortFrom(env);
  if (port === null) return null;
  const host = env.JT808_HOST || env.HOST || '127.0.0.1';
  const gateway = new Jt808Gateway({ conn, profiles: profilesFrom(env) });
  await gateway.listen(port, host);
  return { gateway, port, host };
}
