// The public login page. On arrival it first asks whether a single-sign-on session already exists
// (spec section 2), so users coming from the OA portal never see the form.
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_TITLE, setDocumentTitle } from '../app/document-head.ts';
import { HOME_PATH, returnPathOf } from '../app/return-url.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../env/api-client.ts';
import type { AutoLoginResult, LoginResult } from '../env/api-types.ts';
import { useEnv } from '../env/env-context.tsx';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    width: '320px',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  title: { textAlign: 'center' },
});

export function LoginPage() {
  const styles = useStyles();
  const { api, navigate } = useEnv();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setDocumentTitle(DEFAULT_TITLE);
    let live = true;
    // Silent: no session is the normal case here, not an error to show.
    api.get<AutoLoginResult>('/oaAccountAutoLogin', undefined, { silent: true }).then(
      (r) => {
        if (!live || r?.resultCode !== 1) return;
        navigate(returnPathOf(r.resultVO?.returnUrl, window.location.origin), { replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!userName.trim() || !password) return;
    setBusy(true);
    setError(undefined);
    try {
      const r = await api.post<LoginResult>('/login', { userName: userName.trim(), password }, { silent: true });
      // The password-expiry prompt is the shell's job (app/password-guard.tsx), once per user.
      // The session is the HttpOnly cookie the server just set; the console keeps no token itself.
      navigate(HOME_PATH, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  };

  const missing = (value: string, message: string) => (touched && !value ? message : undefined);
  return (
    <div className={styles.root}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Title2 as="h1" className={styles.title}>
          {DEFAULT_TITLE}
        </Title2>
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="用户名" required validationMessage={missing(userName.trim(), '请输入用户名')}>
          <Input value={userName} autoComplete="username" autoFocus onChange={(_e, d) => setUserName(d.value)} />
        </Field>
        <Field label="密码" required validationMessage={missing(password, '请输入密码')}>
          <Input
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(_e, d) => setPassword(d.value)}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          登 录
        </Button>
      </form>
    </div>
  );
}
