// A temperature rule's contacts (contactIds, picked by name): they must be live alarm contacts the
// writer may see (a customer or carrier user only its own), and reads name them (contactNames) so a
// list or detail never shows their ids. Their alarms notify them (recipients.ts).
import { invalid } from '../http/envelope.ts';
import type { SessionUser } from '../http/context.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { all, type Conn } from '../resources/statements.ts';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : []);

async function checkContacts(conn: Conn, user: SessionUser, ids: unknown) {
  const wanted = idsOf(ids);
  if (!wanted.length) return;
  const partner = user.userType === 1 ? ' AND customer_id = ?' : user.userType === 2 ? ' AND carrier_id = ?' : '';
  const found = await all<{ id: number }>(conn,
    `SELECT id FROM alarm_contacts WHERE corp_id = ? AND is_deleted = 0 AND id IN (${wanted.map(() => '?').join(', ')})${partner}`,
    user.corpId, ...wanted, ...(partner ? [user.partnerId ?? -1] : []));
  if (found.length !== new Set(wanted).size) throw invalid('报警联系人：所选报警联系人不存在', { field: 'contactIds' });
}

async function nameContacts(conn: Conn, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.flatMap((r) => idsOf(r.contactIds)))];
  const names = new Map((ids.length
    ? await all<{ id: number; name: string }>(conn, `SELECT id, contact_name AS name FROM alarm_contacts WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)
    : []).map((r) => [r.id, r.name]));
  for (const row of rows) row.contactNames = idsOf(row.contactIds).map((id) => names.get(id) ?? '').filter(Boolean).join('、');
}

export function temperatureContactHooks(conn: Conn): ResourceHooks {
  return {
    beforeInsert: (ctx, record) => checkContacts(conn, ctx.user, record.contactIds),
    beforeUpdate: (ctx, changes) => checkContacts(conn, ctx.user, changes.contactIds),
    afterList: (rows) => nameContacts(conn, rows),
    afterRead: (row) => nameContacts(conn, [row]),
  };
}
