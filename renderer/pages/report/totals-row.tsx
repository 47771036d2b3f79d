// The totals over the whole result (every page), shown under the table with the columns' titles.
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { cellText } from '../list/cell-text.ts';
import type { ReportColumn } from './report-types.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, backgroundColor: tokens.colorNeutralBackground3 },
});

export function TotalsRow({ label, columns, totals }: { label: string; columns: ReportColumn[]; totals: Record<string, unknown> | undefined }) {
  const styles = useStyles();
  const measures = columns.filter((c) => totals && c.field in totals);
  return (
    <div className={styles.root} role="status" aria-label={label}>
      <Text weight="semibold">{label}</Text>
      {measures.map((c) => (
        <Text key={c.field}>
          {c.title ?? c.field}: {totals ? cellText(totals[c.field], { column: c }) : ''}
        </Text>
      ))}
    </div>
  );
}
