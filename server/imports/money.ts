// 元 typed in a cell → integer 分, by decimal string arithmetic: 0.29 元 is 29 分 exactly, where a
// float multiply (0.29 * 100 = 28.999999999999996) would not be.

/** Integer 分 of a 元 amount with at most two decimals, or undefined when the text is not one. */
export function yuanToFen(value: string | number): number | undefined {
  // A number cell reads back as the shortest decimal that names it (String(0.29) is '0.29').
  const text = (typeof value === 'number' ? String(value) : value).trim();
  const m = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) return undefined;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && fen !== 0 ? -fen : fen;
}

/** 分 → the 元 text a template or an export shows (12345 → '123.45'). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
