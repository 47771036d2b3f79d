// The 'multi query' rules, apart from its dialog so a search field can use them without loading it.
export const MULTI_QUERY_TITLE = '批量查询';
export const MULTI_QUERY_TIP = '多个值请用分号、逗号、空格或换行分隔';

/**
 * Splits on semicolons, commas (half- and full-width: Chinese keyboards type both), spaces and
 * newlines; blanks and repeats are dropped so the server gets each value once.
 */
export function splitMultiValues(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[;；,，\s\u3000]+/)) if (part) seen.add(part);
  return [...seen];
}
