// "Contains" searches: the rule for the user's text and the LIKE pattern made of it.
// - Every search string's input schema comes from searchText (or noControl on a schema with rules
//   of its own): SQLite reads a LIKE pattern only up to a NUL, so '%\0…%' was '%' and matched every
//   row; no control character belongs in a search box, so each is refused with code 100 naming
//   the field ('运单号：不能包含控制字符'), in one rule for every list, report and count.
// - likePattern keeps the user's own %, _ and \ literal; every query that uses it writes
//   `LIKE ? ESCAPE '\'`. It refuses a control character too, should a search ever skip its schema.
import { invalid } from '../http/envelope.ts';

export const CONTROL_MESSAGE = '不能包含控制字符';
const CONTROL = '[\\u0000-\\u001f\\u007f]';
const CONTROL_RE = new RegExp(CONTROL, 'u');

/** The schema refuses a string holding a control character (null and other types pass). */
export function noControl<T extends object>(schema: T & { errorMessage?: unknown }) {
  const own = schema.errorMessage;
  const errorMessage = typeof own === 'string' ? own : { ...(own as object | undefined), not: CONTROL_MESSAGE };
  return { ...schema, not: { type: 'string', pattern: CONTROL }, errorMessage };
}

/** A search text of at most maxLength characters; nullable: null (an emptied box) is accepted. */
export const searchText = (title: string, maxLength = 100, nullable = false) =>
  noControl({ title, type: nullable ? ['string', 'null'] : 'string', maxLength });

export function likePattern(text: string, title = '搜索内容'): string {
  if (CONTROL_RE.test(text)) throw invalid(`${title}：${CONTROL_MESSAGE}`);
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
