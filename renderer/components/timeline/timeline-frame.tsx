// What both timelines show around their axis: the spec's loading text, the server's message on a
// failure, '暂无数据' when there are no nodes; the axis itself only when there is something to draw.
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { NodeListState } from './use-node-list.ts';

const useStyles = makeStyles({
  note: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  error: { padding: tokens.spacingVerticalM, color: tokens.colorPaletteRedForeground1 },
});

export function TimelineFrame<T>({ state, children }: { state: NodeListState<T>; children: (nodes: T[]) => ReactNode }) {
  const styles = useStyles();
  if (state.status === 'loading') return <Spinner size="tiny" label="拼命加载中" />;
  if (state.status === 'failed') return <div role="alert" className={styles.error}>{state.message}</div>;
  if (!state.nodes.length) return <div className={styles.note}>暂无数据</div>;
  return <>{children(state.nodes)}</>;
}
