// One history entry's changed fields: before and after, with the new value marked where it differs.
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { fieldLabel, formatValue, type FormatContext } from '../detail/format-value.ts';
import type { HistoryChange } from './versions.ts';

const useStyles = makeStyles({
  table: { maxWidth: '720px' },
  label: { width: '25%', color: tokens.colorNeutralForeground2 },
  before: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  arrow: { width: '24px', color: tokens.colorNeutralForeground3 },
  after: { wordBreak: 'break-all' },
  mark: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: tokens.colorNeutralForeground1,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    borderRadius: tokens.borderRadiusSmall,
  },
});

export function ChangeTable({ changes, ctx }: { changes: HistoryChange[]; ctx: FormatContext }) {
  const styles = useStyles();
  if (!changes.length) return <Text size={200}>无字段变更</Text>;
  return (
    <Table size="extra-small" className={styles.table} aria-label="变更字段">
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.label}>字段</TableHeaderCell>
          <TableHeaderCell>修改前</TableHeaderCell>
          <TableHeaderCell className={styles.arrow} aria-hidden />
          <TableHeaderCell>修改后</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {changes.map((c) => {
          const before = c.beforeText ?? formatValue(ctx, c.field, c.before);
          const after = c.afterText ?? formatValue(ctx, c.field, c.after);
          return (
            <TableRow key={c.field}>
              <TableCell className={styles.label}>{fieldLabel(ctx.page, c.field, c.title)}</TableCell>
              <TableCell className={styles.before}>{before}</TableCell>
              <TableCell className={styles.arrow}>→</TableCell>
              <TableCell className={styles.after}>
                {before === after ? after : <mark className={styles.mark}>{after}</mark>}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
