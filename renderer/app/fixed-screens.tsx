// The fixed shell pages that are hand-written screens rather than page schemas (spec section 2):
// loaded on demand, so the first screen does not carry them. The shell still decides first whether
// the user may open them (route-table.ts).
import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactElement } from 'react';

const ExportCenterPage = lazy(() => import('../pages/export-center/export-center-page.tsx').then((m) => ({ default: m.ExportCenterPage })));
const ImportCenterPage = lazy(() => import('../pages/import-center/import-center-page.tsx').then((m) => ({ default: m.ImportCenterPage })));
const MessageCenterPage = lazy(() => import('../pages/message-center/message-center-page.tsx').then((m) => ({ default: m.MessageCenterPage })));

const SCREENS: Record<string, () => ReactElement> = {
  'shell/export-center': () => <ExportCenterPage />,
  'shell/import-center': () => <ImportCenterPage />,
  'shell/message-center': () => <MessageCenterPage />,
};

/** The screen of a fixed page id, or undefined (the page schema is drawn then). */
export function fixedScreen(pageId: string): ReactElement | undefined {
  const screen = SCREENS[pageId];
  return screen ? <Suspense fallback={<Spinner size="small" label="拼命加载中" />}>{screen()}</Suspense> : undefined;
}
