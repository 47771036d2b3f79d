// A yes/no question before an action that changes or exports data (取消 / 确定).
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export interface ConfirmRequest {
  text: string;
  onConfirm: () => void;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return (
    <Dialog modalType="alert" open={request !== null} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 420 }}>
        <DialogBody>
          <DialogTitle>提示</DialogTitle>
          <DialogContent>{request?.text}</DialogContent>
          <DialogActions>
            <Button size="small" onClick={onClose}>
              取消
            </Button>
            <Button
              size="small"
              appearance="primary"
              onClick={() => {
                onClose();
                request?.onConfirm();
              }}
            >
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
