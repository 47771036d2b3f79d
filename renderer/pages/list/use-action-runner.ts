// What each kind of action does (spec section 5 and the page schema):
// - a `page` action opens the page: at its menu route (context.routeOf) or /page/<id>, with
//   ?id=<row id> for row actions; or in a dialog when `dialog` is set;
// - a `call` action asks its `confirm` text first, then calls with {ids} (batch), {id} (row) or the
//   current filter (toolbar), and reloads; a 105 answer opens its result dialog inside the client;
//   a batch action with `calls` sends each selected row to the call its `when` picks;
// - a `rowDialog` row action opens that dialog of the console with the row (row-dialogs.tsx);
//   a row call sends the row's version too (workflow actions are version-checked);
// - the 'export' action always asks the export confirmation of spec section 5;
// - an `import` action opens the import dialog for its resource;
// - a `download` row action saves the attachment its GET answers, a `print` one prints the page.
import { useState } from 'react';
import { downloadAttachment } from '../export-center/download-file.ts';
import type { Env } from '../../env/env-context.tsx';
import type { Action, RowDialogKind } from '../page-types.ts';
import type { ActionPageRequest } from './action-page-dialog.tsx';
import { callApi } from './call-api.ts';
import type { ConfirmRequest } from './confirm-dialog.tsx';
import type { ListContext, Row } from './list-types.ts';
import { batchCalls, rowCallBody } from './row-rules.ts';

export const EXPORT_CONFIRM = '确定导出？‘确定’后将生成导出任务，后续需在【导出中心】跟进导出进度！';
/** Shown after a row's workflow call succeeds (the list then reloads with the new state). */
export const DONE_TEXT = '操作成功';
/** Spec section 9: an export reads up to 100000 rows. */
export const EXPORT_PAGE_SIZE = 100_000;

export interface ActionRunnerInput {
  env: Env;
  context: ListContext;
  /** The current search and tab, plus sorts, for toolbar calls and exports. */
  filterBody: () => Record<string, unknown>;
  /** Query parameters the toolbar's pages are opened with (the parent record of a children list). */
  carry?: Record<string, string>;
  selectedRows: () => Row[];
  reload: () => void;
  clearSelection: () => void;
}

export function routeFor(context: ListContext, pageId: string): string {
  return context.routeOf?.(pageId) ?? `/page/${pageId}`;
}

export function useActionRunner({ env, context, filterBody, carry, selectedRows, reload, clearSelection }: ActionRunnerInput) {
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [dialog, setDialog] = useState<ActionPageRequest | null>(null);
  const [importing, setImporting] = useState<{ resourceId: string; title: string } | null>(null);
  const [rowDialog, setRowDialog] = useState<{ kind: RowDialogKind; row: Row } | null>(null);

  const ask = (text: string | undefined, run: () => void) => (text ? setConfirm({ text, onConfirm: run }) : run());
  const open = (action: Action, id?: unknown) => {
    const pageId = action.page!;
    const idText = id === undefined || id === null ? undefined : String(id);
    if (action.dialog) return setDialog({ title: action.label ?? '', pageId, id: idText });
    const route = routeFor(context, pageId);
    env.navigate(idText === undefined ? route : `${route}?id=${encodeURIComponent(idText)}`);
  };
  const call = (action: Action, body: Record<string, unknown>, after?: () => void) =>
    callApi(env, action.call!, body)
      .then(() => {
        after?.();
        reload();
      })
      // The client has shown the server's message.
      .catch(() => undefined);

  const runToolbar = (action: Action) => {
    if (action.import) return setImporting({ resourceId: action.import, title: (action.label ?? '导入').replace(/^导入/, '') });
    if (action.id === 'export' && action.call) {
      return ask(EXPORT_CONFIRM, () =>
        callApi(env, action.call!, { ...filterBody(), curPage: 1, pageSize: EXPORT_PAGE_SIZE })
          .then(() => env.notify.success('导出任务已生成'))
          .catch(() => undefined),
      );
    }
    if (action.page && carry && !action.dialog) return env.navigate(`${routeFor(context, action.page)}?${new URLSearchParams(carry)}`);
    if (action.page) return open(action);
    if (action.call) ask(action.confirm, () => call(action, filterBody()));
  };
  const runBatch = (action: Action) => {
    const calls = batchCalls(action, selectedRows());
    if (!calls.length) return;
    if (!action.calls) return ask(action.confirm, () => call(action, calls[0].body, clearSelection));
    // One call per group of rows; the list reloads once every call has answered, whatever each said.
    ask(action.confirm, () =>
      Promise.allSettled(calls.map((c) => callApi(env, c.call, c.body))).then((answers) => {
        if (answers.some((a) => a.status === 'fulfilled')) env.notify.success(DONE_TEXT);
        clearSelection();
        reload();
      }),
    );
  };
  const runRow = (action: Action, row: Row) => {
    if (action.print) return window.print();
    if (action.download) {
      const id = encodeURIComponent(String(row[action.idField ?? 'id']));
      return void downloadAttachment(`${action.download.path}?${action.download.idParam ?? 'id'}=${id}`).catch((e: Error) => env.notify.error(e.message));
    }
    if (action.rowDialog) return setRowDialog({ kind: action.rowDialog, row });
    if (action.page) return open(action, row[action.idField ?? 'id']);
    if (action.call) ask(action.confirm, () => call(action, rowCallBody(action, row), () => env.notify.success(DONE_TEXT)));
  };

  return {
    runToolbar,
    runBatch,
    runRow,
    confirm,
    closeConfirm: () => setConfirm(null),
    importing,
    closeImport: () => {
      setImporting(null);
      reload();
    },
    rowDialog,
    closeRowDialog: (changed: boolean) => {
      setRowDialog(null);
      if (changed) reload();
    },
    dialog,
    closeDialog: (changed: boolean) => {
      setDialog(null);
      if (changed) reload();
    },
  };
}
