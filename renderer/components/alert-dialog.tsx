// The global alert dialog (spec section 2): title '提示', a message and '知道了'. For notices the user
// must acknowledge rather than a toast that slips away.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export const ALERT_TITLE = '提示';
export const ALERT_OK = '知道了';

export interface AlertDialogProps {
  open: boolean;
  message: ReactNode;
  onClose: () => void;
  title?: string;
}

export function AlertDialog({ open, message, onClose, title = ALERT_TITLE }: AlertDialogProps) {
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 500 }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" size="small" onClick={onClose}>
              {ALERT_OK}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
