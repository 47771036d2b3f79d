// The change-password dialog '修改密码' (spec sections 2, 4, 5). Every rule and message comes from the
// shared password keywords the server runs too; fields are checked on blur and again on save.
// The current password (原密码) is asked first: the server refuses a wrong one ('原密码不正确'),
// shown under that field.
// Forced mode (the user must change the password) has no close icon, no Escape and no cancel button.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import {
  confirmPasswordRule,
  PASSWORD_GUIDANCE,
  PASSWORD_MAX,
  passwordRule,
} from '../../schemas/keywords/password.ts';
import { ApiError } from '../env/api-client.ts';
import { useEnv } from '../env/env-context.tsx';
import { PasswordStrengthMeter } from './password-strength.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: '460px' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  guidance: { color: tokens.colorNeutralForeground3 },
});

/** Base64 of the UTF-8 bytes: btoa alone throws on anything outside Latin-1. */
export function toBase64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /** The user must change the password now: the dialog cannot be dismissed. */
  forced?: boolean;
  onClose(): void;
  /** After the server accepted the new password (the dialog closes itself through the parent). */
  onSaved(): void;
}

/** The old password may be any the account had (older rules allowed other lengths); only its presence is checked here. */
const OLD_MAX = 64;
const OLD_REQUIRED = '原密码不能为空';

/** The request's field names and the dialog's. */
const FIELD_OF: Record<string, keyof Errors | undefined> = { oldPassword: 'old', newPassword: 'password', confirmPassword: 'confirm' };

interface Errors {
  old?: string;
  password?: string;
  confirm?: string;
}

export function ChangePasswordDialog({ open, forced = false, onClose, onSaved }: ChangePasswordDialogProps) {
  const styles = useStyles();
  const { api, notify } = useEnv();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Each opening starts empty: a half-typed password must not linger in memory or on screen.
    if (!open) return;
    setOld('');
    setPassword('');
    setConfirm('');
    setErrors({});
  }, [open]);

  const checkPassword = () =>
    setErrors((e) => ({
      password: passwordRule(password) ?? undefined,
      // A confirmation typed earlier is re-checked against the edited password.
      confirm: confirm ? (confirmPasswordRule(password, confirm) ?? undefined) : e.confirm,
    }));
  const checkOld = () => setErrors((e) => ({ ...e, old: old ? undefined : OLD_REQUIRED }));
  const checkConfirm = () => setErrors((e) => ({ ...e, confirm: confirmPasswordRule(password, confirm) ?? undefined }));

  const save = async () => {
    const found: Errors = {
      old: old ? undefined : OLD_REQUIRED,
      password: passwordRule(password) ?? undefined,
      confirm: confirmPasswordRule(password, confirm) ?? undefined,
    };
    setErrors(found);
    if (found.old || found.password || found.confirm) return;
    setBusy(true);
    try {
      // Other codes reach the client's general handler, which shows the server's message.
      await api.post(
        '/user/modifyCurrentPassword',
        { oldPassword: toBase64Utf8(old), newPassword: toBase64Utf8(password), confirmPassword: toBase64Utf8(confirm) },
        { onSuccessMessage: (message) => notify.success(message || '密码修改成功') },
      );
      onSaved();
    } catch (err) {
      // Already shown by the client; the dialog stays open so the user can try again, and a
      // refused field (a wrong 原密码) also says so in place.
      if (err instanceof ApiError && err.code === 100) {
        const field = (err.result as { field?: string } | null)?.field;
        const key = FIELD_OF[field ?? ''];
        if (key) setErrors((e) => ({ ...e, [key]: err.message }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      modalType={forced ? 'alert' : 'modal'}
      onOpenChange={(_e, data) => {
        if (!data.open && !forced) onClose();
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle
            action={
              forced ? null : (
                <Button appearance="subtle" size="small" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />
              )
            }
          >
            修改密码
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Text size={200} className={styles.guidance}>
              {PASSWORD_GUIDANCE}
            </Text>
            <Field label="原密码" required validationMessage={errors.old}>
              <Input
                type="password"
                size="small"
                autoComplete="current-password"
                maxLength={OLD_MAX}
                value={old}
                onChange={(_e, d) => setOld(d.value)}
                onBlur={checkOld}
              />
            </Field>
            <Field label="新密码" required validationMessage={errors.password}>
              <Input
                type="password"
                size="small"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                value={password}
                onChange={(_e, d) => setPassword(d.value)}
                onBlur={checkPassword}
              />
            </Field>
            <Field label="密码强度">
              <PasswordStrengthMeter password={password} />
            </Field>
            <Field label="确认密码" required validationMessage={errors.confirm}>
              <Input
                type="password"
                size="small"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                value={confirm}
                onChange={(_e, d) => setConfirm(d.value)}
                onBlur={checkConfirm}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            {!forced && (
              <Button size="small" onClick={onClose}>
                取 消
              </Button>
            )}
            <Button size="small" appearance="primary" disabled={busy} onClick={() => void save()}>
              保 存
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
