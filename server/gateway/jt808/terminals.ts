// Which vehicle a JT/T 808 terminal reports for, and its authentication code. At registration a
// terminal is matched by its phone number (终端手机号) or its terminal id (终端ID) against the
// vehicles' terminal numbers (dataterminalId), or by its phone number against the SIM numbers of the
// equipment records bound to a vehicle. Exactly one live vehicle must match: none, or vehicles of
// two corporations claiming one number, and the terminal is refused. The match and the code's hash
// are kept (jt808_terminals) for the terminal's later connections, which authenticate only.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { all, one, run, type Conn } from '../../resources/statements.ts';
import type { Version } from './frame.ts';

export interface TerminalVehicle {
  vehicleId: number;
  corpId: number;
}

export interface KnownTerminal extends TerminalVehicle {
  model: string;
  protocolVersion: Version;
  /** The vehicle's newest odometer, for reports that carry no mileage item. */
  lastOdometer: number;
}

/** The phone number as the key: BCD pads it with zeros on the left, which are no part of the number. */
export const phoneKey = (phone: string) => phone.replace(/^0+(?=\d)/, '');

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new code: 16 hexadecimal characters, unguessable, and plain ASCII for every terminal's firmware. */
export const newAuthCode = () => randomBytes(8).toString('hex');

export async function matchVehicle(conn: Conn, phone: string, terminalId: string): Promise<TerminalVehicle | undefined> {
  const numbers = [...new Set([phone, phoneKey(phone), terminalId].filter((n) => n !== ''))];
  const marks = numbers.map(() => '?').join(', ');
  const sims = [...new Set([phone, phoneKey(phone)])];
  const rows = await all<TerminalVehicle>(conn, `SELECT v.id AS "vehicleId", v.corp_id AS "corpId" FROM vehicles v
      WHERE v.is_deleted = 0 AND v.dataterminal_id IN (${marks})
    UNION SELECT v.id, v.corp_id FROM equips e JOIN vehicles v ON v.id = e.vehicle_id
      WHERE e.is_deleted = 0 AND v.is_deleted = 0 AND e.sim_no IN (${sims.map(() => '?').join(', ')})`, ...numbers, ...sims);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Keeps the registration and answers the code to send; registering again replaces the code. */
export async function registerTerminal(conn: Conn, phone: string, v: TerminalVehicle, reg: { terminalId: string; model: string; version: Version }, now = Date.now()) {
  const code = newAuthCode();
  await run(conn, `INSERT INTO jt808_terminals (phone, corp_id, vehicle_id, auth_code_hash, terminal_id, model, protocol_version, registered_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (phone) DO UPDATE SET corp_id = excluded.corp_id, vehicle_id = excluded.vehicle_id, auth_code_hash = excluded.auth_code_hash,
      terminal_id = excluded.terminal_id, model = excluded.model, protocol_version = excluded.protocol_version, registered_at = excluded.registered_at, authenticated_at = NULL`,
    phoneKey(phone), v.corpId, v.vehicleId, hashCode(code), reg.terminalId, reg.model, reg.version, now);
  return code;
}

/** The registered terminal the code belongs to, while its vehicle is still live; else undefined. */
export async function authenticateTerminal(conn: Conn, phone: string, code: string, now = Date.now()): Promise<KnownTerminal | undefined> {
  const t = await one<KnownTerminal & { hash: string; id: number }>(conn, `SELECT t.id, t.vehicle_id AS "vehicleId", t.corp_id AS "corpId", t.model,
      t.protocol_version AS "protocolVersion", t.auth_code_hash AS hash, coalesce(p.odometer, 0) AS "lastOdometer"
    FROM jt808_terminals t JOIN vehicles v ON v.id = t.vehicle_id AND v.is_deleted = 0
    LEFT JOIN vehicle_last_positions p ON p.vehicle_id = t.vehicle_id
    WHERE t.phone = ?`, phoneKey(phone));
  if (!t || !timingSafeEqual(Buffer.from(t.hash), Buffer.from(hashCode(code)))) return undefined;
  await run(conn, 'UPDATE jt808_terminals SET authenticated_at = ? WHERE id = ?', now, t.id);
  const { hash: _, id: __, ...known } = t;
  return known;
}
