// The dashboard's card frame and its number: a titled section (a landmark a screen reader and a
// journey find by the card's name) and a big figure that is a link when a list counts it.
import { Card, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: { rowGap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', columnGap: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  figure: { display: 'block', width: 'fit-content', fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalL} 0` },
});

export interface PanelProps {
  title: string;
  /** Grid columns the card spans (the grid has 4). */
  span?: 1 | 2 | 4;
  extra?: ReactNode;
  children: ReactNode;
}

export function Panel({ title, span = 1, extra, children }: PanelProps) {
  const styles = useStyles();
  return (
    <Card size="small" className={styles.card} style={{ gridColumn: `span ${span}` }}>
      <section aria-label={title}>
        <div className={styles.head}>
          <Text className={styles.title}>{title}</Text>
          {extra}
        </div>
        {children}
      </section>
    </Card>
  );
}

export interface FigureProps {
  value: ReactNode;
  /** The figure's name for a screen reader and a journey ("今日运单总数"). */
  label: string;
  href?: string;
  navigate: (href: string) => void;
}

export function Figure({ value, label, href, navigate }: FigureProps) {
  const styles = useStyles();
  return href ? (
    <Link className={styles.figure} href={href} aria-label={label} data-figure={label} onClick={(e) => (e.preventDefault(), navigate(href))}>
      {value}
    </Link>
  ) : (
    <span className={styles.figure} aria-label={label} data-figure={label}>{value}</span>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return <Text size={200} className={useStyles().note}>{children}</Text>;
}

/** A chart's height on the dashboard (dashboard-charts.tsx) that an empty card keeps too: the cards below stay put. */
export const CHART_HEIGHT = 240;

export function Empty({ children }: { children: ReactNode }) {
  return <div className={useStyles().empty}>{children}</div>;
}
