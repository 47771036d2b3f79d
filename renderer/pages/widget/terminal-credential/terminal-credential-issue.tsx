// 新增终端凭证: a name, then the secret the server answers once. The secret is shown in an alert
// that neither a click beside it nor Esc closes, with a copy button, because nothing shows it
// again: the server keeps only its hash (server/domain/terminals/credentials.ts).
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { PageRendererProps } from '../../page-types.ts';

export const ISSUE_TEXT = '签 发';
export const SECRET_TITLE = '凭证密钥';
export const SECRET_WARNING = '密钥只显示这一次，关闭后无法再次查看。请立即复制，配置到终端或网关的 Authorization: Bearer 请求头中。';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, maxWidth: '560px' },
  hint: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
  secret: { fontFamily: tokens.fontFamilyMonospace },
  warning: { color: tokens.colorPaletteRedForeground1 },
});

interface Issued {
  name: string;
  prefix: string;
  secret: string;
}

export function TerminalCredentialIssue({ page, env, context }: PageRendererProps) {
  const s = useStyles();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);

  const close = (changed: boolean) => {
    if (context.onDone) context.onDone(changed);
    else window.history.back();
  };
  const issue = async () => {
    if (!name.trim()) return setError('名称不能为空');
    setSaving(true);
    try {
      setIssued(await env.api.post<Issued>('/terminalCredential/add', { name: name.trim() }));
    } catch (err) {
      // The client has shown the server's message; a refused name is marked in place too.
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const copy = () =>
    navigator.clipboard?.writeText(issued!.secret).then(
      () => env.notify.success('已复制'),
      () => env.notify.error('复制失败，请手动选中密钥复制'),
    );

  return (
    <div className={s.root}>
      {!context.inDialog && <Text size={400} weight="semibold">{page.title}</Text>}
      <Text className={s.hint}>凭证供车载终端或网关上报轨迹、抓拍和司机报警使用，只能写入本企业的车辆；不能登录控制台。</Text>
      <Field label="名称" required validationMessage={error}>
        <Input
          size="small"
          value={name}
          maxLength={50}
          placeholder="如：JT808网关-华东"
          disabled={saving || issued !== null}
          onChange={(_e, d) => {
            setName(d.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className={s.buttons}>
        <Button size="small" appearance="primary" disabled={saving || issued !== null} onClick={issue}>{ISSUE_TEXT}</Button>
        <Button size="small" disabled={saving} onClick={() => close(false)}>取 消</Button>
      </div>
      <Dialog modalType="alert" open={issued !== null}>
        <DialogSurface style={{ maxWidth: 560 }}>
          <DialogBody>
            <DialogTitle>{SECRET_TITLE}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', rowGap: 8 }}>
              <Text>凭证“{issued?.name}”已签发。</Text>
              <Input className={s.secret} readOnly value={issued?.secret ?? ''} aria-label={SECRET_TITLE} onFocus={(e) => e.target.select()} />
              <Text className={s.warning}>{SECRET_WARNING}</Text>
            </DialogContent>
            <DialogActions>
              <Button size="small" onClick={copy}>复制</Button>
              <Button size="small" appearance="primary" onClick={() => close(true)}>已保存，关闭</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
