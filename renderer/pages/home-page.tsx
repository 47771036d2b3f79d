// The landing page after login (首页): a greeting, then the user's dashboard cards in the order of
// their dashboard rules (看板设置). Each card shows what the user's roles allow; numbers link to
// the list that counts them.
import { Button, makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, SettingsRegular } from '@fluentui/react-icons';
import { Fragment, useCallback, useState } from 'react';
import { waybillHref } from './home/dashboard-links.ts';
import { useSession } from '../app/session-context.tsx';
import { useEnv } from '../env/env-context.tsx';
import { renderCard } from './home/dashboard-cards.tsx';
import { SettingsDialog } from './home/settings-dialog.tsx';
import { useDashboard } from './home/use-dashboard.ts';
import { Empty } from './home/panels.tsx';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalM },
  tools: { marginLeft: 'auto', display: 'flex', columnGap: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'stretch' },
});

export function HomePage() {
  const styles = useStyles();
  const env = useEnv();
  const { user, routes } = useSession();
  const [volumeDays, setVolumeDays] = useState(7);
  const [editing, setEditing] = useState(false);
  const data = useDashboard(env, volumeDays);
  const shown = data.rules?.cards.filter((c) => c.show) ?? [];
  // Stable callbacks: the map redraws its markers only when the waybills change, not on every render.
  const navigate = useCallback((href: string) => env.navigate(href), [env]);
  const waybillHrefOf = useCallback((id: number) => waybillHref(routes.routeOf, id), [routes]);
  const ctx = { data, routeOf: routes.routeOf, navigate, waybillHrefOf, volumeDays, setVolumeDays };
  return (
    <div>
      <div className={styles.head}>
        <Title3>欢迎使用货运数字化平台，{user.realName || user.userName}！</Title3>
        {user.corpName && <Text>所属企业：{user.corpName}</Text>}
        {user.partnerName && <Text>合作方：{user.partnerName}</Text>}
        <div className={styles.tools}>
          <Button size="small" icon={<ArrowClockwiseRegular />} onClick={data.reload}>刷新</Button>
          {data.rules && data.rules.cards.length > 0 && <Button size="small" icon={<SettingsRegular />} onClick={() => setEditing(true)}>看板设置</Button>}
        </div>
      </div>
      {data.rules && shown.length === 0 && <Empty>{data.rules.cards.length ? '没有显示的看板卡片，可在“看板设置”中选择' : '暂无可查看的统计数据'}</Empty>}
      <div className={styles.grid}>
        {shown.map((c) => <Fragment key={c.cardKey}>{renderCard(c.cardKey, c.title, ctx)}</Fragment>)}
      </div>
      {editing && data.rules && (
        <SettingsDialog env={env} cards={data.rules.cards} onClose={() => setEditing(false)} onSaved={() => (setEditing(false), data.reload())} />
      )}
    </div>
  );
}
