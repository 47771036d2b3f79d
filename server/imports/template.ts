// The import template of a resource: sheet 导入数据 with one column per importable field (required
// ones marked '*', a note on the header telling the unit or format), and sheet 可选值 listing the
// allowed values of dictionary and reference columns, which the data sheet's cells offer as
// drop-downs. Small (a header and the lists), so it is built in memory.
import ExcelJS from 'exceljs';
import { sheetText } from '../exports/sheet-value.ts';
import { headerOf, type ImportColumn } from './columns.ts';

export const DATA_SHEET = '导入数据';
export const OPTIONS_SHEET = '可选值';
/** Rows of the data sheet that offer the drop-downs. */
const VALIDATED_ROWS = 10_000;

const colName = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : colName(Math.floor((n - 1) / 26)) + colName(((n - 1) % 26) + 1));

export async function templateWorkbook(columns: ImportColumn[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const data = wb.addWorksheet(DATA_SHEET);
  const lists = wb.addWorksheet(OPTIONS_SHEET);
  data.columns = columns.map((c) => ({ header: headerOf(c), key: c.field, width: Math.min(40, Math.max(12, c.title.length * 2 + 4)) }));
  const header = data.getRow(1);
  header.font = { bold: true };
  let listCol = 0;
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    if (c.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    const hints = [c.required ? '必填' : '选填', c.note, c.options ? `${c.openList ? '常用值' : '可选值'}见“${OPTIONS_SHEET}”页` : undefined].filter(Boolean);
    cell.note = hints.join('；');
    if (!c.options) return;
    listCol += 1;
    const letter = colName(listCol);
    lists.getCell(`${letter}1`).value = c.title;
    c.options.forEach((label, k) => { lists.getCell(`${letter}${k + 2}`).value = sheetText(label); });
    lists.getColumn(listCol).width = Math.max(12, c.title.length * 2 + 4);
    if (c.options.length === 0) return;
    const target = colName(i + 1);
    (data as unknown as { dataValidations: { add(range: string, v: object): void } }).dataValidations.add(`${target}2:${target}${VALIDATED_ROWS + 1}`, {
      type: 'list', allowBlank: !c.required, showErrorMessage: !c.openList, errorTitle: '输入有误', error: `请从下拉列表中选择${c.title}`,
      formulae: [`'${OPTIONS_SHEET}'!$${letter}$2:$${letter}$${c.options.length + 1}`],
    });
  });
  lists.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
