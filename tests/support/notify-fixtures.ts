// The alarm notifications' part in tests/bad-input.test.ts: the 通知记录 list's baseline body; its
// contact name is a "contains" filter, so SQL- or script-looking text is a value that matches no row.
type Row = Record<string, any>;

export function notifyFixtures() {
  const bodies: Record<string, Row> = {
    '/alarmNotification/page': { curPage: 1, pageSize: 20, contactName: '张', channel: ['sms'], status: [1], alarmId: 1, createdAt: [0, null] },
  };
  const acceptedText: Record<string, string> = {
    '/alarmNotification/page contactName': 'a contains filter of the notification list: such text matches no row',
  };
  return { bodies, acceptedText };
}
