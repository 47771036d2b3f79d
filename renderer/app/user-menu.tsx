// The user dropdown in the top bar. Help manual, update log and change password join 退出登录 later.
import { Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useState } from 'react';
import { ApiError } from '../env/api-client.ts';
import { clearSession } from '../env/cookies.ts';
import { useEnv } from '../env/env-context.tsx';

export function UserMenu({ realName }: { realName: string }) {
  const env = useEnv();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      // The server revokes the session; only then is the local copy dropped.
      await env.api.post('/signOut', undefined, { silent: true });
      clearSession();
      env.navigate('/login', { replace: true });
    } catch (err) {
      // A 103 means the session was already gone and the client has logged out.
      if (!(err instanceof ApiError && err.code === 103)) env.notify.error('退出失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="subtle" size="small" aria-label={`用户：${realName}`}>
          {realName}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem disabled={busy} onClick={() => void signOut()}>
            退出登录
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
