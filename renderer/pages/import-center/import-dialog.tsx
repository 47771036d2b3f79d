// 导入 on a list: download the template, choose the .xlsx, choose the two modes, start. The task then
// runs on the server; the user follows it in the 导入中心 (the dialog offers to go there).
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { downloadAttachment } from '../export-center/download-file.ts';

export const IMPORT_CENTER_ROUTE = '/importCenter';
const MAX_BYTES = 20 * 1024 * 1024;
/** Targets an import never updates (server/imports/importer.ts `updates: false`): their duplicates are refused. */
const NEVER_UPDATED = ['order'];

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  file: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface ImportDialogProps {
  /** The resource (or 'order') the rows become. */
  resourceId: string;
  title: string;
  onClose: () => void;
}

/** Posts the file as multipart; the JSON client sends JSON only. Answers the envelope. */
async function startImport(query: Record<string, string>, file: File): Promise<{ code: number; message: string }> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/importCenter/create?${new URLSearchParams(query)}`, { method: 'POST', body: form, credentials: 'same-origin' });
  return res.json().catch(() => ({ code: 0, message: '导入失败，请稍后重试' }));
}

export function ImportDialog({ resourceId, title, onClose }: ImportDialogProps) {
  const styles = useStyles();
  const env = useEnv();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [mode, setMode] = useState('2');
  const [onDuplicate, setOnDuplicate] = useState('2');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);

  const choose = (f: File | undefined) => {
    setError(undefined);
    if (f && !/\.xlsx$/i.test(f.name)) return setError('请选择 .xlsx 格式的 Excel 文件');
    if (f && f.size > MAX_BYTES) return setError('文件大小不能超过20MB');
    setFile(f);
  };
  const start = async () => {
    if (!file) return setError('请选择要导入的文件');
    setBusy(true);
    try {
      const r = await startImport({ resourceId, mode, onDuplicate }, file);
      if (r.code !== 1) return setError(r.message);
      setStarted(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 520 }}>
        <DialogBody>
          <DialogTitle>导入{title}</DialogTitle>
          <DialogContent className={styles.body}>
            {started ? (
              <Text>导入任务已创建，请在【导入中心】查看进度和错误报告。</Text>
            ) : (
              <>
                <Field label="第一步：下载模板">
                  <div>
                    <Button size="small" onClick={() => downloadAttachment(`/importCenter/template/${resourceId}`).catch((e: Error) => env.notify.error(e.message))}>
                      下载导入模板
                    </Button>
                    <Text size={200} className={styles.hint}>　带 * 的列必填；下拉列可选值见模板“可选值”页</Text>
                  </div>
                </Field>
                <Field label="第二步：选择文件" validationMessage={error} validationState={error ? 'error' : 'none'}>
                  <div className={styles.file}>
                    <input ref={input} type="file" accept=".xlsx" hidden aria-label="选择文件" onChange={(e) => choose(e.target.files?.[0])} />
                    <Button size="small" onClick={() => input.current?.click()}>选择文件</Button>
                    <Text size={200}>{file ? file.name : '未选择文件（.xlsx，不超过20MB，最多100000行）'}</Text>
                  </div>
                </Field>
                <Field label="导入方式">
                  <RadioGroup layout="horizontal" value={mode} onChange={(_e, d) => setMode(d.value)}>
                    <Radio value="1" label="全部成功才导入" />
                    <Radio value="2" label="仅导入正确的行" />
                  </RadioGroup>
                </Field>
                <Field label="重复数据">
                  {NEVER_UPDATED.includes(resourceId) ? (
                    <Text size={200}>订单号已存在的行不导入；不填订单号则自动编号</Text>
                  ) : (
                    <RadioGroup layout="horizontal" value={onDuplicate} onChange={(_e, d) => setOnDuplicate(d.value)}>
                      <Radio value="1" label="更新已有记录" />
                      <Radio value="2" label="拒绝" />
                    </RadioGroup>
                  )}
                </Field>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {started ? (
              <>
                <Button size="small" onClick={onClose}>关闭</Button>
                <Button size="small" appearance="primary" onClick={() => { onClose(); env.navigate(IMPORT_CENTER_ROUTE); }}>前往导入中心</Button>
              </>
            ) : (
              <>
                <Button size="small" onClick={onClose}>取消</Button>
                <Button size="small" appearance="primary" disabled={busy} onClick={() => void start()}>开始导入</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
