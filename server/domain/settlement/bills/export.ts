// 导出账单: one bill as an .xlsx the party can be sent or finance can file — a header block (bill no,
// party, period, status, invoice no), the lines, and a totals row. Amounts are in 元 as number cells
// with the 0.00 format, each made from its fen by the one fen → yuan text conversion (fenToYuan) and
// only then read as a number, so no sum or product is ever done in floating point: the totals row is
// the bill's own totals (computed in SQL over integers, lines.ts), not a spreadsheet sum.
// The bill is read through billDetail, so a partner exports only a bill it may see.
import ExcelJS from 'exceljs';
import type { SessionUser } from '../../../http/context.ts';
import type { Registry } from '../../../registry/types.ts';
import type { Conn } from '../../../resources/statements.ts';
import { fenToYuan } from '../../../../schemas/keywords/money.ts';
import { sheetText, sheetValue } from '../../../exports/sheet-value.ts';
import { billDetail } from './reads.ts';

/** A fen amount as the number of yuan it is: exact, because it goes through the decimal text. */
export const yuanNumber = (fen: number) => Number(fenToYuan(fen));

const MONEY_FORMAT = '0.00';
const LINE_COLUMNS: { key: string; header: string; width: number; money?: boolean }[] = [
  { key: 'sn', header: '序号', width: 8 },
  { key: 'waybillNo', header: '运单号', width: 22 },
  { key: 'kindStr', header: '类型', width: 8 },
  { key: 'feeAmount', header: '费用(元)', width: 14, money: true },
  { key: 'deductions', header: '扣款(元)', width: 14, money: true },
  { key: 'adjustments', header: '调整(元)', width: 14, money: true },
  { key: 'total', header: '小计(元)', width: 14, money: true },
  { key: 'ruleName', header: '计价规则', width: 24 },
  { key: 'reason', header: '原因', width: 30 },
];

export async function billWorkbook(conn: Conn, reg: Registry, user: SessionUser, id: number): Promise<{ name: string; bytes: ArrayBuffer }> {
  const bill = await billDetail(conn, reg, user, id, { allLines: true });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('账单');
  sheet.columns = LINE_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  const partyTitle = bill.side === 2 ? '承运商' : '客户';
  const header: [string, unknown][] = [
    ['账单号', bill.billNo], ['结算方向', bill.sideStr], [partyTitle, bill.partyName], ['账期', bill.period], ['账单状态', bill.statusStr],
    ['运单数', bill.waybillCount], ['发票号', bill.invoiceNo ?? ''], ['备注', bill.remark ?? ''], ['生成时间', bill.createdAtStr],
  ];
  sheet.addRow([sheetText('账单')]).font = { bold: true, size: 14 };
  for (const [title, value] of header) sheet.addRow([sheetText(title), sheetValue(value)]);
  sheet.addRow([]);
  const head = sheet.addRow(LINE_COLUMNS.map((c) => sheetText(c.header)));
  head.font = { bold: true };
  bill.lines.forEach((l, i) => {
    const cells: Record<string, unknown> = { ...l, sn: i + 1 };
    const row = sheet.addRow(LINE_COLUMNS.map((c) => (c.money ? yuanNumber(cells[c.key] as number) : sheetValue(cells[c.key]))));
    moneyFormat(row);
  });
  const totals: Record<string, unknown> = {
    sn: '合计', feeAmount: yuanNumber(bill.feeTotal), deductions: yuanNumber(bill.deductionTotal), adjustments: yuanNumber(bill.adjustmentTotal), total: yuanNumber(bill.total),
  };
  const last = sheet.addRow(LINE_COLUMNS.map((c) => (c.key in totals ? totals[c.key] : null)));
  last.font = { bold: true };
  moneyFormat(last);
  const bytes = await book.xlsx.writeBuffer();
  return { name: `账单_${bill.billNo}.xlsx`, bytes: bytes as ArrayBuffer };
}

function moneyFormat(row: ExcelJS.Row) {
  LINE_COLUMNS.forEach((c, i) => {
    if (c.money) row.getCell(i + 1).numFmt = MONEY_FORMAT;
  });
}
