// The 'multi query' dialog (spec section 2, other dialogs): paste many values at once, e.g. a
// column of plate numbers copied from a spreadsheet, and search for all of them.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { MULTI_QUERY_TIP, MULTI_QUERY_TITLE, splitMultiValues } from './multi-query.ts';

export { MULTI_QUERY_TIP, MULTI_QUERY_TITLE, splitMultiValues };

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  tip: { color: tokens.colorNeutralForeground3 },
});

export interface MultiQueryDialogProps {
  open: boolean;
  /** What the field holds now, shown one per line so it can be edited. */
  values: string[];
  onConfirm: (values: string[]) => void;
  onClose: () => void;
}

export function MultiQueryDialog({ open, values, onConfirm, onClose }: MultiQueryDialogProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  useEffect(() => {
    if (open) setText(values.join('\n'));
  }, [open, values]);
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: 500 }}>
        <DialogBody>
          <DialogTitle>{MULTI_QUERY_TITLE}</DialogTitle>
          <DialogContent className={styles.body}>
            <Textarea
              aria-label={MULTI_QUERY_TITLE}
              value={text}
              rows={8}
              resize="vertical"
              onChange={(_e, data) => setText(data.value)}
            />
            <Text size={200} className={styles.tip}>
              {MULTI_QUERY_TIP}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button size="small" appearance="primary" onClick={() => onConfirm(splitMultiValues(text))}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
