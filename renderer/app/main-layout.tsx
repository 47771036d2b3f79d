// The console's frame (spec section 2, main layout): logo and menu on the left, top bar and the
// routed page on the right. Everything inside waits for the session (user, menus, branding).
import { Image, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AppMenu } from './app-menu.tsx';
import { DEFAULT_TITLE, setDocumentTitle, setFavicon } from './document-head.ts';
import { SessionGate, useSession } from './session-context.tsx';
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

function Frame() {
  const styles = useStyles();
  const { user, menus, logo } = useSession();
  const title = logo.title || DEFAULT_TITLE;
  const icoUrl = logo.icoUrl || undefined;

  useEffect(() => {
    setDocumentTitle(title);
    setFavicon(icoUrl);
  }, [title, icoUrl]);

  return (
    <div className={styles.root}>
      <aside className={styles.side}>
        <Logo icoUrl={icoUrl} title={title} />
        <div className={styles.menu}>
          <AppMenu menus={menus} />
        </div>
      </aside>
      <div className={styles.body}>
        <TopBar realName={user.realName || user.userName} />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function MainLayout() {
  return (
    <SessionGate>
      <Frame />
    </SessionGate>
  );
}
