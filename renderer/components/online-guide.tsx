// The online-service guide (spec sections 2 and 4): shown until the user has read it once
// (haveBrowsed 0); 知道了 records that on the server so it never shows again, on any browser.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useEnv } from '../env/env-context.tsx';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, lineHeight: tokens.lineHeightBase400 },
});

const STEPS: ReadonlyArray<[string, string]> = [
  ['左侧菜单', '按业务模块进入各功能页面。'],
  ['标签页', '打开过的页面以标签保留在顶部，点击切换；右键标签可刷新、关闭或关闭其他。'],
  ['通知图标', '右上角的报警、消息和导出图标分别进入业务报警、消息中心和导出中心。'],
  ['用户菜单', '点击右上角的用户名可查看帮助手册、更新日志，修改密码或退出登录。'],
];

export function OnlineGuide({ haveBrowsed }: { haveBrowsed: number | undefined }) {
  const styles = useStyles();
  const { api } = useEnv();
  const [open, setOpen] = useState(haveBrowsed === 0);
  const [busy, setBusy] = useState(false);

  const done = async () => {
    setBusy(true);
    try {
      await api.post('/userSet/updateHaveBrowsedConfig', { haveBrowsed: 1 });
    } catch {
      // The client has shown why; the guide simply returns on the next login.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface style={{ maxWidth: '480px' }}>
        <DialogBody>
          <DialogTitle>在线服务指引</DialogTitle>
          <DialogContent>
            <ol className={styles.list}>
              {STEPS.map(([title, text]) => (
                <li key={title}>
                  <strong>{title}</strong>：{text}
                </li>
              ))}
            </ol>
          </DialogContent>
          <DialogActions>
            <Button size="small" appearance="primary" disabled={busy} onClick={() => void done()}>
              知道了
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
