// The fixed status routes (spec section 2) and the router's error screen. Public: they render
// without a session so a user without rights still sees why.
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useEnv } from '../env/env-context.tsx';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalL,
    paddingTop: '18vh',
  },
  code: { color: tokens.colorBrandForeground1 },
});

function StatusPage({ code, message }: { code: string; message: string }) {
  const styles = useStyles();
  const { navigate } = useEnv();
  return (
    <div className={styles.root} role="alert">
      <Text size={900} weight="bold" className={styles.code}>
        {code}
      </Text>
      <Text size={400}>{message}</Text>
      <Button appearance="primary" size="small" onClick={() => navigate('/home')}>
        返回首页
      </Button>
    </div>
  );
}

export function ForbiddenPage() {
  return <StatusPage code="403" message="抱歉，您没有权限访问该页面" />;
}

export function NotFoundPage() {
  return <StatusPage code="404" message="抱歉，您访问的页面不存在" />;
}

/** Replaces the router's English default screen; names the error so nothing fails silently. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  console.error(error);
  return <StatusPage code="出错了" message={`页面加载失败：${detail}`} />;
}
