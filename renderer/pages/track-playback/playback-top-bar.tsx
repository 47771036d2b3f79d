// The playback page's top bar (spec section 2): the title, the multi-track legend (a click toggles a
// track, greyed when off), the predicted route's entry, "replay one" buttons in multi mode, the fence
// edit buttons, the map type and the loading spinner. A memo component: a replay frame does not
// render it again (its props change only on the user's actions).
import { Button, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { INACTIVE_COLOUR, PREDICTED_COLOUR, trackColour } from '../../map/constants.ts';
import { mapTypeOf, type MapType } from '../../map/providers.ts';
import { resolveSource, useMapSources } from '../../map/map-sources.ts';
import type { TrackBundle, WaybillFence } from './track-data.ts';

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXS} 0`, flexWrap: 'wrap' },
  legendItem: { display: 'inline-flex', alignItems: 'center', columnGap: '4px', cursor: 'pointer', border: 'none', background: 'none', padding: '2px 6px', borderRadius: tokens.borderRadiusSmall, ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  swatch: { width: '18px', height: '4px', display: 'inline-block' },
});

export interface PlaybackTopBarProps {
  title: string;
  bundles: readonly TrackBundle[];
  /** false for a track toggled off. */
  active: Readonly<Record<string, boolean>>;
  onToggle(waybillId: string): void;
  /** The predicted route's legend entry, when there is a route; on or off. */
  predicted: boolean | null;
  onTogglePredicted(): void;
  /** Replays track i alone (multi mode). */
  onReplayOne(i: number): void;
  fences: readonly WaybillFence[];
  onEditFence(fence: WaybillFence): void;
  mapType: MapType;
  onMapType(type: MapType): void;
  loading: boolean;
}

export const PlaybackTopBar = memo(function PlaybackTopBar(props: PlaybackTopBarProps) {
  const { title, bundles, active, onToggle, predicted, onTogglePredicted, onReplayOne, fences, onEditFence, mapType, onMapType, loading } = props;
  const styles = useStyles();
  // Only the sources the server's settings enable (README "Settings").
  const offered = useMapSources();
  return (
    <div className={styles.top}>
      <strong>{title}</strong>
      <div role="list" aria-label="图例" style={{ display: 'flex', flexWrap: 'wrap' }}>
        {bundles.map((b, i) => (
          <button key={b.waybillId} role="listitem" type="button" className={styles.legendItem} aria-pressed={active[b.waybillId] !== false}
            onClick={() => onToggle(b.waybillId)}>
            <span className={styles.swatch} style={{ background: active[b.waybillId] !== false ? trackColour(i) : INACTIVE_COLOUR }} />
            {b.vehicleNo || b.waybillId}
          </button>
        ))}
        {predicted !== null ? (
          <button type="button" role="listitem" className={styles.legendItem} aria-pressed={predicted} onClick={onTogglePredicted}>
            <span className={styles.swatch} style={{ background: PREDICTED_COLOUR, opacity: predicted ? 1 : 0.4 }} />预测路线
          </button>
        ) : null}
      </div>
      {bundles.length > 1 ? bundles.map((b, i) => (
        <Button key={b.waybillId} size="small" appearance="subtle" onClick={() => onReplayOne(i)}>{`回放 ${b.vehicleNo}`}</Button>
      )) : null}
      {fences.map((f) => <Button key={f.id} size="small" appearance="subtle" onClick={() => onEditFence(f)}>{`编辑围栏 ${f.name}`}</Button>)}
      <Select size="small" aria-label="地图类型" value={resolveSource(mapType, offered).id} onChange={(_, d) => onMapType(mapTypeOf(d.value))}>
        {offered.sources.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
      </Select>
      {loading ? <Spinner size="tiny" label="轨迹加载中" /> : null}
    </div>
  );
});
