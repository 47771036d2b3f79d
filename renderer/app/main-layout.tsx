// The console's frame (spec section 2, main layout): logo and menu on the left; on the right the top
// bar (tag tabs, notice icons, user menu) above the routed page.
import { Image, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Tag } from '../components/tag-tabs/tag-model.ts';
import { TagTabs } from '../components/tag-tabs/tag-tabs.tsx';
import { useEnv } from '../env/env-context.tsx';
import { AppMenu } from './app-menu.tsx';
import { useCurrentRoute } from './current-route.ts';
import { DEFAULT_TITLE, setDocumentTitle, setFavicon } from './document-head.ts';
import { NoticeArea } from './notice-area.tsx';
import { useChangePassword } from './password-guard.tsx';
import { HOME_TITLE, normalizePath, type Resolution } from './route-table.ts';
import { HOME_PATH } from './return-url.ts';
import { useSession } from './session-context.tsx';
import { TopBar } from './top-bar.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100vh', overflow: 'hidden' },
  side: {
    display: 'flex',
    flexDirection: 'column',
    width: '208px',
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    height: '48px',
    flexShrink: 0,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForegroundInverted,
  },
  title: { color: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  menu: { flexGrow: 1, overflowY: 'auto' },
  body: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  main: {
    flexGrow: 1,
    overflow: 'auto',
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

function Logo({ icoUrl, title }: { icoUrl?: string; title: string }) {
  const styles = useStyles();
  // A broken logo URL must not leave an empty box: fall back to the title alone.
  const [broken, setBroken] = useState(false);
  return (
    <div className={styles.logo}>
      {icoUrl && !broken && <Image src={icoUrl} alt="" height={28} onError={() => setBroken(true)} />}
      <Text weight="semibold" size={400} className={styles.title}>
        {title}
      </Text>
    </div>
  );
}

/** 首页: always the first tag, never closed. */
const HOME_TAG: Tag = { path: HOME_PATH, fullPath: HOME_PATH, title: HOME_TITLE };

/** The tag for the page on screen; the refresh detour takes none. */
function tagOf(route: Resolution, pathname: string, search: string): Tag | null {
  if (route.kind !== 'page' && route.kind !== 'home') return null;
  return { path: normalizePath(pathname), fullPath: `${normalizePath(pathname)}${search}`, title: route.title };
}

export function MainLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { user, menus, logo, routes, settings } = useSession();
  const route = useCurrentRoute();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { notify } = useEnv();
  const openChangePassword = useChangePassword();
  const title = logo.title || DEFAULT_TITLE;
  const icoUrl = logo.icoUrl || undefined;

  useEffect(() => {
    setDocumentTitle(title);
    setFavicon(icoUrl);
  }, [title, icoUrl]);

  const current = useMemo(() => tagOf(route, pathname, search), [route, pathname, search]);
  const tags = (
    <TagTabs
      userId={user.userId}
      current={current}
      navigate={(to, options) => void navigate(to, options)}
      warn={notify.warning ?? notify.info}
      pinned={HOME_TAG}
    />
  );

  return (
    <div className={styles.root}>
      <aside className={styles.side}>
        <Logo icoUrl={icoUrl} title={title} />
        <div className={styles.menu}>
          <AppMenu menus={menus} />
        </div>
      </aside>
      <div className={styles.body}>
        <TopBar
          realName={user.realName || user.userName}
          onChangePassword={openChangePassword}
          tags={tags}
          actions={<NoticeArea operationIds={routes.operationIds} userId={user.userId} messageMode={settings.msgLayerDisplayMode} />}
        />
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
