// Bench entry 1: the generic list renderer (ListPage) drawing the 30-column bench page, fed by a
// fake env whose API answers every call at once, so only rendering is measured.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import type { Env } from '../../renderer/env/env-context.tsx';
import { ListPage } from '../../renderer/pages/list/list-page.tsx';
import { benchApi } from './bench-api.ts';
import { PAGE } from './bench-data.ts';

const noop = () => {};
const env = { api: benchApi, notify: { error: noop, info: noop, success: noop }, navigate: noop, logout: noop } as unknown as Env;

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
    <div style={{ height: '100%', boxSizing: 'border-box', padding: 12 }}>
      <ListPage page={PAGE} env={env} context={{}} />
    </div>
  </FluentProvider>,
);
