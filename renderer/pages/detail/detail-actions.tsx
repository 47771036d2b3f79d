// The record's action buttons on a detail page (page `actionsFrom`: the list's row actions, served
// by the server as this user gets them there): offered by the same state rule as a list row
// (row-rules.ts actionAvailable) and run by the same runner (dialogs, confirmations, calls with id
// and version); the detail reloads after a change, so the buttons follow the record's new state.
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { Action, PageContext } from '../page-types.ts';
import { actionAvailable } from '../list/row-rules.ts';
import { useActionRunner } from '../list/use-action-runner.ts';

const ActionPageDialog = lazy(() => import('../list/action-page-dialog.tsx').then((m) => ({ default: m.ActionPageDialog })));
const ConfirmDialog = lazy(() => import('../list/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
});

type Row = Record<string, unknown>;

/** The actions the record allows now. */
export const recordActions = (actions: Action[] | undefined, record: Row): Action[] =>
  (actions ?? []).filter((a) => a.placement === 'row' && actionAvailable(a, record));

export function DetailActions({ actions, record, env, context, reload }: { actions: Action[] | undefined; record: Row; env: Env; context: PageContext; reload: () => void }) {
  const styles = useStyles();
  const runner = useActionRunner({ env, context, filterBody: () => ({}), selectedRows: () => [], reload, clearSelection: () => undefined });
  const offered = recordActions(actions, record);
  if (!offered.length) return null;
  return (
    <div className={styles.root} role="toolbar" aria-label="操作">
      {offered.map((a) => (
        <Button key={a.id} size="small" onClick={() => runner.runRow(a, record)}>
          {a.label ?? a.id}
        </Button>
      ))}
      <Suspense fallback={null}>
        {runner.confirm && <ConfirmDialog request={runner.confirm} onClose={runner.closeConfirm} />}
        {runner.dialog && <ActionPageDialog request={runner.dialog} onDone={runner.closeDialog} routeOf={context.routeOf} />}
      </Suspense>
    </div>
  );
}
