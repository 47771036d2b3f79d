// An action with `dialog: true` opens its page in a dialog instead of navigating; the list
// reloads when the page says it changed something.
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { PageHost } from '../page-host.tsx';
import { createPageRegistry } from '../registry.tsx';

export interface ActionPageRequest {
  title: string;
  pageId: string;
  id?: string;
}

export function ActionPageDialog({ request, onDone, routeOf }: { request: ActionPageRequest | null; onDone: (changed: boolean) => void; routeOf?: (pageId: string) => string | undefined }) {
  const registry = useMemo(() => createPageRegistry(), []);
  return (
    <Dialog open={request !== null} onOpenChange={(_e, d) => !d.open && onDone(false)}>
      <DialogSurface style={{ maxWidth: 900, width: '90vw' }}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="关闭" icon={<DismissRegular />} onClick={() => onDone(false)} />}>
            {request?.title}
          </DialogTitle>
          <DialogContent>
            {request && <PageHost pageId={request.pageId} registry={registry} context={{ id: request.id, inDialog: true, dialogTitled: true, onDone, routeOf }} />}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
