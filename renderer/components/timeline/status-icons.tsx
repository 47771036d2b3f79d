// The node icons of spec section 4: a waybill node's nodeStatus 0-4 picks one of five variants; an
// order flow node shows a check for status 1 or 3, an active dot for 2, an empty circle otherwise.
// The variant's colour also paints the node's circle on the axis, so icon and axis always agree.
import { makeStyles, tokens } from '@fluentui/react-components';
import {
  CheckmarkCircleFilled,
  CheckmarkCircleRegular,
  CircleRegular,
  ClockAlarmFilled,
  DismissCircleRegular,
  RecordFilled,
  type FluentIcon,
} from '@fluentui/react-icons';
import { TIMELINE_DEFAULTS } from '../timeline-axis.tsx';

export interface IconVariant {
  /** Stable name for styling hooks and tests; the accessible name comes from the label. */
  name: string;
  Icon: FluentIcon;
  color: string;
}

const DONE = TIMELINE_DEFAULTS.color;
const WAITING = tokens.colorNeutralForeground4;
export const LATE_COLOR = tokens.colorPaletteRedForeground1;
export const EARLY_COLOR = tokens.colorPaletteGreenForeground1;

/** nodeStatus of the nodeStatus dictionary: 0 not reached, 1 arrived, 2 left, 3 arrived late, 4 missed. */
const NODE_VARIANTS: Record<number, IconVariant> = {
  0: { name: 'not-reached', Icon: CircleRegular, color: WAITING },
  1: { name: 'arrived', Icon: CheckmarkCircleRegular, color: DONE },
  2: { name: 'left', Icon: CheckmarkCircleFilled, color: DONE },
  3: { name: 'arrived-late', Icon: ClockAlarmFilled, color: LATE_COLOR },
  4: { name: 'missed', Icon: DismissCircleRegular, color: WAITING },
};

/** An unknown or missing status is drawn as not reached rather than guessed as done. */
export const nodeVariant = (status: number | null | undefined): IconVariant => NODE_VARIANTS[status ?? 0] ?? NODE_VARIANTS[0];

const FLOW_DONE: IconVariant = { name: 'done', Icon: CheckmarkCircleFilled, color: DONE };
const FLOW_ACTIVE: IconVariant = { name: 'active', Icon: RecordFilled, color: DONE };
const FLOW_PENDING: IconVariant = { name: 'pending', Icon: CircleRegular, color: WAITING };

export function flowVariant(status: number | null | undefined): IconVariant {
  if (status === 1 || status === 3) return FLOW_DONE;
  if (status === 2) return FLOW_ACTIVE;
  return FLOW_PENDING;
}

/** Used when the server sends no status text, so the icon still has a name for screen readers. */
export const FLOW_FALLBACK_LABEL: Record<string, string> = { done: '已完成', active: '进行中', pending: '未开始' };

const useStyles = makeStyles({
  icon: { fontSize: '16px', flexShrink: 0 },
});

export function StatusIcon({ variant, label }: { variant: IconVariant; label: string }) {
  const styles = useStyles();
  const { Icon } = variant;
  return (
    <Icon
      role="img"
      aria-label={label}
      aria-hidden={false}
      data-variant={variant.name}
      className={styles.icon}
      style={{ color: variant.color }}
    />
  );
}
