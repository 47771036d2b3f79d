// 看板设置: which cards the home page shows and in what order (dashboardRuleSet/addOrUpdate). Each
// card the user may see is a row with a checkbox and 上移 / 下移; 恢复默认 saves no choice, so every
// card shows in its default order again.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { CardRule } from './dashboard-types.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '420px' },
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
});

export interface SettingsDialogProps {
  env: Env;
  cards: CardRule[];
  onClose(): void;
  onSaved(): void;
}

export function SettingsDialog({ env, cards, onClose, onSaved }: SettingsDialogProps) {
  const styles = useStyles();
  const [rows, setRows] = useState(cards);
  const [busy, setBusy] = useState(false);
  const move = (i: number, by: number) => setRows((prev) => {
    const next = [...prev];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    return next;
  });
  const save = (chosen: CardRule[]) => {
    setBusy(true);
    env.api.post('/dashboardRuleSet/addOrUpdate', { cards: chosen.map((c) => ({ cardKey: c.cardKey, show: c.show })) }).then(
      () => (env.notify.success('看板设置已保存'), onSaved()),
      () => setBusy(false), // the client has shown the server's message
    );
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>看板设置</DialogTitle>
          <DialogContent>
            <div className={styles.list} role="list" aria-label="看板卡片">
              {rows.map((c, i) => (
                <div key={c.cardKey} className={styles.row} role="listitem">
                  <Checkbox label={c.title} checked={c.show} onChange={(_, d) => setRows((prev) => prev.map((r) => (r.cardKey === c.cardKey ? { ...r, show: !!d.checked } : r)))} />
                  <span>
                    <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={`上移 ${c.title}`} disabled={i === 0} onClick={() => move(i, -1)} />
                    <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={`下移 ${c.title}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)} />
                  </span>
                </div>
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button size="small" disabled={busy} onClick={() => save([])}>恢复默认</Button>
            <Button size="small" onClick={onClose}>取消</Button>
            <Button size="small" appearance="primary" disabled={busy} onClick={() => save(rows)}>保存</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
