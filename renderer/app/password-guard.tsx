// Password duties of the shell (spec section 4): the change-password dialog for the user menu, the
// forced change while passwordStatus is 1, and the one-time expiry prompt.
//
// The spec reads status 1 and 2 both ways ("1 shows the dialog on navigation" versus "2 forces
// the change in the widget"). We follow our server: 1 = must change (forced dialog), 2 = nothing
// to do; a successful change sets it to 2 (server/domain/auth/change-password.ts).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ChangePasswordDialog } from '../components/change-password-dialog.tsx';
import { getCookie, PWD_EXPIRED_COOKIE, setCookie } from '../env/cookies.ts';
import { useEnv } from '../env/env-context.tsx';
import { formatShanghaiTime } from './format-time.ts';

export const PASSWORD_MUST_CHANGE = 1;

const ChangePasswordContext = createContext<(() => void) | null>(null);

/** Opens the change-password dialog (the user menu's 修改密码). */
export function useChangePassword(): () => void {
  const open = useContext(ChangePasswordContext);
  if (!open) throw new Error('useChangePassword 必须在 PasswordGuard 内使用');
  return open;
}

export interface PasswordGuardProps {
  userId: number;
  pwdExpired: boolean;
  lastPasswordModifiedTime: number | null;
  /** passwordStatus from the settings read at login. */
  passwordStatus: number;
  /** Changes on every navigation: the forced dialog is shown again on each one while status is 1. */
  navigationKey: string;
  children: ReactNode;
}

export function PasswordGuard(props: PasswordGuardProps) {
  const { userId, pwdExpired, lastPasswordModifiedTime, navigationKey, children } = props;
  const { api } = useEnv();
  const [status, setStatus] = useState(props.passwordStatus);
  const forced = status === PASSWORD_MUST_CHANGE;
  const [dialogOpen, setDialogOpen] = useState(forced);
  // Once per user per login: the cookie holds the id of the user already told (cleared on logout).
  const [expiryOpen, setExpiryOpen] = useState(
    () => pwdExpired && !forced && getCookie(PWD_EXPIRED_COOKIE) !== String(userId),
  );

  useEffect(() => {
    if (expiryOpen) setCookie(PWD_EXPIRED_COOKIE, String(userId));
  }, [expiryOpen, userId]);

  useEffect(() => {
    if (forced) setDialogOpen(true);
  }, [forced, navigationKey]);

  const openDialog = useCallback(() => setDialogOpen(true), []);

  const onSaved = () => {
    setDialogOpen(false);
    setCookie(PWD_EXPIRED_COOKIE, String(userId));
    api.get<{ passwordStatus?: number }>('/user/checkUserPWD', undefined, { silent: true }).then(
      (r) => setStatus(r?.passwordStatus ?? 2),
      (err: unknown) => console.warn('获取密码状态失败', err),
    );
  };

  return (
    <ChangePasswordContext.Provider value={openDialog}>
      {children}
      <ChangePasswordDialog open={dialogOpen} forced={forced} onClose={() => setDialogOpen(false)} onSaved={onSaved} />
      <Dialog open={expiryOpen} onOpenChange={(_e, d) => setExpiryOpen(d.open)}>
        <DialogSurface style={{ maxWidth: '420px' }}>
          <DialogBody>
            <DialogTitle>密码过期提醒</DialogTitle>
            <DialogContent>
              您的密码已过期，上次修改时间：{formatShanghaiTime(lastPasswordModifiedTime) || '无'}，为了账号安全，请及时修改密码。
            </DialogContent>
            <DialogActions>
              <Button size="small" onClick={() => setExpiryOpen(false)}>
                暂不修改
              </Button>
              <Button
                size="small"
                appearance="primary"
                onClick={() => {
                  setExpiryOpen(false);
                  setDialogOpen(true);
                }}
              >
                修改密码
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </ChangePasswordContext.Provider>
  );
}
