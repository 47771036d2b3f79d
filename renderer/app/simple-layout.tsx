// The frame of pages opened from another page (add, update, details...): operations not flagged
// sideMenu (spec section 2). A header with the title and a way back, no side menu.
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentRoute } from './current-route.ts';
import { setDocumentTitle } from './document-head.ts';
import { HOME_PATH } from './return-url.ts';
import { useSession } from './session-context.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100vh' },
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    height: '40px',
    flexShrink: 0,
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  main: { flexGrow: 1, overflow: 'auto', padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground2 },
});

/** React Router numbers its history entries; index 0 means the page was opened directly (new tab, link). */
function canGoBack(): boolean {
  const state = (globalThis as { history?: History }).history?.state as { idx?: number } | null | undefined;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function SimpleLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const title = route.kind === 'page' || route.kind === 'home' ? route.title : '';

  const { logo } = useSession();
  useEffect(() => setDocumentTitle(logo.title ?? undefined), [logo.title]);

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Button
          appearance="subtle"
          size="small"
          icon={<ArrowLeftRegular />}
          onClick={() => (canGoBack() ? void navigate(-1) : void navigate(HOME_PATH))}
        >
          返回
        </Button>
        <Text weight="semibold">{title}</Text>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
