// The settlement centre's part in tests/bad-input.test.ts: a contract to terminate and to copy (every
// case is rolled back, so one serves all), and the fields that take free text or null.
import type { Database } from '../../server/db/port.ts';

type Row = Record<string, any>;

export async function settlementFixtures(t: { db: Database }) {
  const c = (await t.db.one<Row>("SELECT id, version FROM contracts WHERE corp_id = 1 AND contract_no = 'HT2026003'", []))!;
  const day = Date.UTC(2030, 0, 1) - 8 * 3_600_000;
  const bodies: Record<string, Row> = {
    '/contract/terminate': { id: c.id, version: c.version, reason: '校验用终止原因' },
    '/contract/copyContract': { id: c.id, contractNo: 'BAD-COPY-1', validFrom: day, validUntil: day + 86_400_000 },
    '/feeItem/getAllFeeItemDropBox': {},
  };
  const free = 'free text, kept as typed';
  const acceptedText: Record<string, string> = {
    '/contract/terminate reason': free,
    '/contract/copyContract contractNo': 'a contract number is free text (unique)',
    '/contract/copyContract contractName': free,
  };
  const acceptedNull: Record<string, string> = {
    '/contract/copyContract contractName': 'keeps the source contract\'s name',
    '/contract/copyContract signedAt': 'a copy not yet signed',
    '/feeItem/getAllFeeItemDropBox feeKind': 'every kind',
  };
  return { bodies, acceptedText, acceptedNull };
}
