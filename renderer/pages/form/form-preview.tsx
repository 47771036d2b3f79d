// 预览近30天 on a rule's form (page.form.preview): the form as it stands is posted to the rule type's
// preview call, which writes nothing, and its answer — a few headline figures and a table, the same
// shape for every rule type (server/domain/rules/preview/preview-table.ts) — is shown in a dialog.
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { addPayload, type FormData } from './form-model.ts';

interface PreviewAnswer {
  summary: { label: string; value: string }[];
  columns: { key: string; title: string }[];
  rows: Record<string, unknown>[];
}

const useStyles = makeStyles({
  summary: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalM },
  figure: { fontWeight: tokens.fontWeightSemibold },
  table: { maxHeight: '55vh', overflowY: 'auto' },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function FormPreview({ env, path, data, fields, recordId }: { env: Env; path: string; data: FormData; fields: string[]; recordId?: number }) {
  const s = useStyles();
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setAnswer(await env.api.post<PreviewAnswer>(path, { ...(recordId ? { id: recordId } : {}), rule: addPayload(data, fields) }));
    } catch {
      // The client has already shown the server's message (a condition it cannot evaluate, say).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="button" disabled={busy} onClick={() => void run()}>
        {busy ? '预览中…' : '预览近30天'}
      </Button>
      <Dialog open={answer !== null} onOpenChange={(_e, d) => !d.open && setAnswer(null)}>
        <DialogSurface style={{ maxWidth: 1100 }}>
          <DialogBody>
            <DialogTitle>规则预览（近30天，不保存）</DialogTitle>
            <DialogContent>
              <div className={s.summary}>
                {answer?.summary.map((f) => (
                  <span key={f.label}>
                    {f.label}：<span className={s.figure}>{f.value}</span>
                  </span>
                ))}
              </div>
              {answer && answer.rows.length === 0 ? (
                <span className={s.empty}>近30天没有记录会因此规则而不同</span>
              ) : (
                <div className={s.table}>
                  <Table size="small" aria-label="预览明细">
                    <TableHeader>
                      <TableRow>{answer?.columns.map((c) => <TableHeaderCell key={c.key}>{c.title}</TableHeaderCell>)}</TableRow>
                    </TableHeader>
                    <TableBody>
                      {answer?.rows.map((row, i) => (
                        <TableRow key={i}>{answer.columns.map((c) => <TableCell key={c.key}>{String(row[c.key] ?? '')}</TableCell>)}</TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </DialogContent>
            <DialogActions>
              <Button size="small" onClick={() => setAnswer(null)}>关闭</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
