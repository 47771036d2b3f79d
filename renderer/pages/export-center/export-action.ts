// The export button every list and report shows to users holding exportCenter3: an 'export' toolbar
// action whose call names the list's own page (not the route on screen: a list opened in a dialog
// exports itself); the list's action runner asks the spec's confirmation, posts the list's current
// search body to it and shows the server's answer (use-action-runner.ts). The report page uses the
// same toolbar and runner.
import { useOptionalSession } from '../../app/session-context.tsx';
import type { Action } from '../page-types.ts';

export const EXPORT_OPERATION = 'exportCenter3';
export const EXPORT_CREATE_PATH = '/exportCenter/create';

export function exportActionFor(pageId: string): Action {
  return { id: 'export', label: '导出', placement: 'toolbar', operationId: EXPORT_OPERATION, call: { method: 'POST', path: `${EXPORT_CREATE_PATH}?pageId=${encodeURIComponent(pageId)}` } } as Action;
}

/** The action for page `pageId`, or undefined: outside the shell, without the operation, or when the page declares its own export. */
export function useExportAction(toolbar: readonly Action[], pageId: string | undefined): Action | undefined {
  const session = useOptionalSession();
  if (!session || !pageId || !session.routes.operationIds.has(EXPORT_OPERATION)) return undefined;
  if (toolbar.some((a) => a.id === 'export')) return undefined;
  return exportActionFor(pageId);
}
