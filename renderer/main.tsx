// Entry point: Fluent theme, then the env (API client, toasts, navigation), then the router.
// The env sits outside the router so the client can send the user to /login from any call.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router.tsx';
import { EnvProvider, type Navigate } from './env/env-context.tsx';

const router = createAppRouter();
const navigate: Navigate = (to, options) => void router.navigate(to, options);

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 #root 容器');

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
      <EnvProvider navigate={navigate}>
        <RouterProvider router={router} />
      </EnvProvider>
    </FluentProvider>
  </StrictMode>,
);
