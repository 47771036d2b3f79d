// The warnings a form shows while it is filled (page file: form.advisories): once the fields an
// advisory names all have values, the server is asked (silently: a refusal is not the user's
// concern here) and its message is shown unless the answer says the check passed. They never block
// the save; the save route enforces what must be enforced. A fix (维护距离) posts one number the
// user types with the same body, then the check runs again.
import { Button, Input, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { Advisory } from '../page-types.ts';
import type { FormData } from './form-model.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  input: { width: '110px' },
});

/** Waits this long after the last change, so a dropdown scrolled through asks once. */
const SETTLE_MS = 300;

const bodyOf = (a: Advisory, data: FormData): Record<string, unknown> | undefined => {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(a.body)) if (data[field] !== undefined && data[field] !== null && data[field] !== '') body[key] = data[field];
  return a.fields.every((f) => data[f] !== undefined && data[f] !== null && data[f] !== '') ? body : undefined;
};

function AdvisoryBar({ advisory, data, env }: { advisory: Advisory; data: FormData; env: Env }) {
  const s = useStyles();
  const [warning, setWarning] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const body = bodyOf(advisory, data);
  const key = JSON.stringify(body ?? null);

  useEffect(() => {
    setWarning(null);
    if (!body) return;
    let live = true;
    const timer = setTimeout(() => {
      let message = '';
      env.api
        .post<Record<string, unknown>>(advisory.api, body, { silent: true, onSuccessMessage: (m) => (message = m) })
        .then((answer) => live && setWarning(answer?.[advisory.passed] ? null : message), () => live && setWarning(null));
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for the body: the check runs again only when a value it sends changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round, advisory, env]);

  if (!warning) return null;
  const fix = advisory.fix;
  const apply = async () => {
    if (!fix || !body) return;
    setBusy(true);
    try {
      // The number as typed: the server's rules for it (range, decimals) answer a wrong one in words.
      await env.api.post(fix.api, { ...body, [fix.input.key]: typed.trim() === '' || Number.isNaN(Number(typed)) ? typed : Number(typed) });
      env.notify.success('保存成功');
      setTyped('');
      setRound((r) => r + 1);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <MessageBar intent="warning" role="status">
      <MessageBarBody>{warning}</MessageBarBody>
      {fix && (
        <MessageBarActions>
          <Input className={s.input} size="small" placeholder={fix.input.title} aria-label={fix.input.title} value={typed} onChange={(_, d) => setTyped(d.value)} disabled={busy} />
          <Button size="small" onClick={() => void apply()} disabled={busy || typed.trim() === ''}>
            {fix.label}
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

export function FormAdvisories({ advisories, data, env }: { advisories: Advisory[]; data: FormData; env: Env }) {
  const s = useStyles();
  return (
    <div className={s.list}>
      {advisories.map((a) => (
        <AdvisoryBar key={a.api} advisory={a} data={data} env={env} />
      ))}
    </div>
  );
}
