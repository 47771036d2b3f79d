// Handling and ignoring alarms (spec sections 4 and 5). Only an unhandled alarm can be handled or
// ignored; the opinion is required and at most 256 characters (checked by the route's schema).
// Business alarms go through alarmResult/*, driver alarms (300) through driverAlarm/*.
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { run, tx, type Conn } from '../resources/statements.ts';
import { HANDLE } from './catalogue.ts';
import { alarmDetailView, findAlarm, type AlarmFamily } from './read.ts';
import { alarmScope } from './scope.ts';

export const ALREADY_DONE = '该报警已处理或已忽略，请刷新后重试';
export const NOTHING_TO_IGNORE = '没有可忽略的未处理报警';
export const HANDLED = '处理成功';
export const IGNORED = '忽略成功';

export function handleAlarm(conn: Conn, user: SessionUser, family: AlarmFamily, id: number, handleRemark: string, now = Date.now()) {
  return tx(conn, async () => {
    const row = await findAlarm(conn, user, id, family);
    if (!row) throw failure('记录不存在或无权访问');
    if (row.handleStatus !== HANDLE.UNHANDLED) throw failure(ALREADY_DONE);
    // Guarded by the state read: of two handlers at once exactly one wins.
    const res = await run(conn,
      `UPDATE alarms SET handle_status = ?, handle_remark = ?, handle_user_id = ?, handle_user_name = ?, handle_time = ?, version = version + 1
       WHERE id = ? AND handle_status = ?`, HANDLE.HANDLED, handleRemark.trim(), user.userId, user.realName, now, id, HANDLE.UNHANDLED);
    if (res.changes !== 1) throw failure(ALREADY_DONE);
    return alarmDetailView(conn, (await findAlarm(conn, user, id, family))!);
  });
}

/** Ignores the unhandled alarms among `ids` the user may see; the others are left as they are and counted. */
export async function ignoreAlarms(conn: Conn, user: SessionUser, family: AlarmFamily, ids: readonly number[], now = Date.now()) {
  const unique = [...new Set(ids)];
  const scope = alarmScope(user);
  const kind = family === 'driver' ? 'a.first_alarm_type = 300' : 'a.first_alarm_type <> 300';
  const res = await run(conn,
    `UPDATE alarms SET handle_status = ?, handle_user_id = ?, handle_user_name = ?, handle_time = ?, version = version + 1
     WHERE id IN (SELECT a.id FROM alarms a WHERE ${scope.sql} AND ${kind} AND a.handle_status = ? AND a.id IN (${unique.map(() => '?')}))`,
    HANDLE.IGNORED, user.userId, user.realName, now, ...scope.params, HANDLE.UNHANDLED, ...unique);
  if (res.changes === 0) throw failure(NOTHING_TO_IGNORE);
  return { total: unique.length, ignoredCount: res.changes, skippedCount: unique.length - res.changes };
}
