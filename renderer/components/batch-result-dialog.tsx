// The dialogs behind codes 105 and 107 (spec section 8). They live beside the env because the API
// client opens them for whichever page made the call; pages never render them themselves.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { BatchDeleteResult, BatchSummaryResult } from '../env/api-types.ts';

export type BatchResult =
  | { kind: 'delete'; result: BatchDeleteResult }
  | { kind: 'summary'; result: BatchSummaryResult };

const useStyles = makeStyles({
  lines: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

/** The server owns these numbers; a missing one reads as 0 rather than 'undefined' on screen. */
const n = (value: unknown) => (typeof value === 'number' ? value : 0);

function DeleteLines({ result }: { result: BatchDeleteResult }) {
  const styles = useStyles();
  return (
    <div className={styles.lines}>
      <Text weight="semibold">共 {n(result?.total)} 条记录</Text>
      <Text className={styles.ok}>删除成功：{n(result?.successCount)} 条</Text>
      <Text className={styles.bad}>删除失败：{n(result?.failCount)} 条</Text>
      <Text>不能删除：{n(result?.cannotDeleteCount)} 条</Text>
    </div>
  );
}

function SummaryLines({ result }: { result: BatchSummaryResult }) {
  const styles = useStyles();
  return (
    <div className={styles.lines}>
      <Text weight="semibold">{result?.message || '暂无数据'}</Text>
      {(result?.details ?? []).map((line, i) => (
        <Text key={i}>
          {line.label}：{n(line.count)} 条
        </Text>
      ))}
    </div>
  );
}

export function BatchResultDialog({ value, onClose }: { value: BatchResult | null; onClose: () => void }) {
  return (
    <Dialog open={value !== null} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: 500 }}>
        <DialogBody>
          <DialogTitle>提示</DialogTitle>
          <DialogContent>
            {value?.kind === 'delete' && <DeleteLines result={value.result} />}
            {value?.kind === 'summary' && <SummaryLines result={value.result} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" size="small" onClick={onClose}>
              知道了
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
