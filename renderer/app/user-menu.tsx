// The user dropdown of the top bar (spec section 2): 帮助手册 and 更新日志 open the corporation's
// links in a new tab, 修改密码 opens the dialog, 退出登录 ends the session on the server.
import {
  Menu,
  MenuButton,
  MenuItem,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { ApiError } from '../env/api-client.ts';
import type { HelpLinks } from '../env/api-types.ts';
import { clearSession } from '../env/cookies.ts';
import { useEnv } from '../env/env-context.tsx';

export interface UserMenuProps {
  realName: string;
  onChangePassword(): void;
}

/** A link item, or a disabled one while the link is unknown (not loaded, or not configured). */
function LinkItem({ href, children }: { href?: string | null; children: string }) {
  if (!href) return <MenuItem disabled>{children}</MenuItem>;
  // Real links, not window.open after a call: popup blockers let those through.
  return (
    <MenuItemLink href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </MenuItemLink>
  );
}

export function UserMenu({ realName, onChangePassword }: UserMenuProps) {
  const env = useEnv();
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<HelpLinks>({});

  useEffect(() => {
    let live = true;
    // Help links are a convenience: a failure only leaves the two items disabled.
    env.api.get<HelpLinks>('/helpcenter/link', undefined, { silent: true }).then(
      (r) => live && setLinks(r ?? {}),
      (err: unknown) => console.warn('获取帮助链接失败', err),
    );
    return () => {
      live = false;
    };
  }, [env]);

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
          <LinkItem href={links.helpBookLink}>帮助手册</LinkItem>
          <LinkItem href={links.updateLogLink}>更新日志</LinkItem>
          <MenuItem onClick={onChangePassword}>修改密码</MenuItem>
          <MenuItem disabled={busy} onClick={() => void signOut()}>
            退出登录
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
