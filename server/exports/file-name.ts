// The export file's name (page title and time, Shanghai) and the download headers: an RFC 6266
// attachment with an ASCII fallback name and the real UTF-8 name as RFC 5987 filename*.
import { formatTime } from '../resources/time.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function exportFileName(title: string, now: number): string {
  const stamp = formatTime(now).replace(/\D/g, '');
  const safe = title.replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 60);
  return `${safe}_${stamp}.xlsx`;
}

/**
 * The name of the export's sheet: the page's (a report's) title, as far as a spreadsheet allows one
 * (at most 31 characters, none of \ / ? * [ ] :, not starting or ending with '); a further sheet of a
 * very large export is "<title>(2)".
 */
export function sheetName(title: string, part = 1): string {
  const suffix = part > 1 ? `(${part})` : '';
  const clean = title.replace(/[\\/?*[\]:]/g, '_').replace(/^'+|'+$/g, '').trim() || '数据';
  return clean.slice(0, 31 - suffix.length) + suffix;
}

/** encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987 attr-chars exclude the first four. */
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentHeaders(fileName: string): Record<string, string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': XLSX_TYPE,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`,
  };
}
