// The log lists' part in tests/bad-input.test.ts: their baseline bodies, and their search texts,
// which are "contains" filters: SQL- or script-looking text is a value that matches no row.
type Row = Record<string, any>;

export function logFixtures() {
  const bodies: Record<string, Row> = {
    '/log/operationLog/list': { curPage: 1, pageSize: 20 },
    '/log/interfaceLog/list': { curPage: 1, pageSize: 20 },
    '/log/retention/save': { operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 },
  };
  const filter = 'a contains filter of the log list: such text matches no row';
  const acceptedText: Record<string, string> = {
    '/log/operationLog/list userName': filter,
    '/log/operationLog/list operation': filter,
    '/log/interfaceLog/list userName': filter,
    '/log/interfaceLog/list path': filter,
  };
  return { bodies, acceptedText };
}
