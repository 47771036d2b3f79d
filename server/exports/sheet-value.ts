// Formula injection (OWASP "CSV injection"): a spreadsheet takes a text that starts with =, +, -, @,
// a tab or a carriage return for a formula (=HYPERLINK("http://…") sends data away on one click).
// Every value written to an exported sheet (export centre, track export) goes through sheetValue:
// such a text gets a leading ' so the spreadsheet shows it as text, as OWASP recommends, and only
// strings, numbers and empty cells reach the writer, so no cell is ever a formula (exceljs would
// write an object {formula} as one). Numbers stay number cells, negative ones too, so sums still work.
export type SheetValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text as a spreadsheet must show it: quoted when it could start a formula. */
export const sheetText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export function sheetValue(value: unknown): SheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return sheetText(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return sheetText(value.toISOString());
  return sheetText(typeof value === 'object' ? JSON.stringify(value) : String(value));
}
