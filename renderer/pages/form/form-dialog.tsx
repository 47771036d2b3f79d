// Actions that open a form in a dialog ("dialog": true): the page is loaded and rendered by the same
// host as a route, told that it sits in a dialog, and closes the dialog when it is done.
import { Dialog, DialogBody, DialogSurface, makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { PageHost } from '../page-host.tsx';
import type { PageContext } from '../page-types.ts';
import { createPageRegistry } from '../registry.tsx';

const useStyles = makeStyles({
  surface: { width: 'min(880px, 92vw)', maxWidth: 'min(880px, 92vw)' },
  body: { maxHeight: '80vh', overflowY: 'auto' },
});

export interface FormDialogProps {
  pageId: string;
  context?: PageContext;
  open: boolean;
  /** `changed` is true after a successful save, so the opener can reload its list. */
  onClose(changed: boolean): void;
}

export function FormDialog({ pageId, context, open, onClose }: FormDialogProps) {
  const s = useStyles();
  const registry = useMemo(() => createPageRegistry(), []);
  const inner = useMemo<PageContext>(
    () => ({
      ...context,
      inDialog: true,
      onDone: (changed) => {
        context?.onDone?.(changed);
        onClose(changed);
      },
    }),
    [context, onClose],
  );
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface className={s.surface}>
        <DialogBody className={s.body}>{open && <PageHost pageId={pageId} registry={registry} context={inner} />}</DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
