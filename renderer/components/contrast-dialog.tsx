// '信息对比' (spec section 2): one row per field, one column per compared version, and the rows whose
// values differ highlighted so a reviewer sees what changed without reading every cell.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

/** Spec section 9: contrast dialog width 800px, first column 25%. */
export const CONTRAST_DIALOG_WIDTH = 800;
export const CONTRAST_FIRST_COLUMN = '25%';
export const CONTRAST_TITLE = '信息对比';

export interface ContrastRow {
  key: string;
  label: string;
  /** One shown value per column, already formatted. */
  values: string[];
}

export interface ContrastDialogProps {
  open: boolean;
  onClose: () => void;
  /** Headings of the compared columns (versions, records...). */
  columns: string[];
  rows: ContrastRow[];
  title?: string;
}

export function rowDiffers(values: readonly string[]): boolean {
  return values.some((v) => v !== values[0]);
}

const useStyles = makeStyles({
  surface: { width: `${CONTRAST_DIALOG_WIDTH}px`, maxWidth: '95vw' },
  body: { maxHeight: '60vh', overflowY: 'auto' },
  label: { color: tokens.colorNeutralForeground2 },
  differs: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  cell: { wordBreak: 'break-all' },
});

export function ContrastDialog({ open, onClose, columns, rows, title = CONTRAST_TITLE }: ContrastDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.body}>
            <Table size="small" aria-label={title}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell style={{ width: CONTRAST_FIRST_COLUMN }}>字段</TableHeaderCell>
                  {columns.map((c, i) => (
                    <TableHeaderCell key={i}>{c}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const differs = rowDiffers(row.values);
                  return (
                    <TableRow key={row.key} className={differs ? styles.differs : undefined} data-differs={differs || undefined}>
                      <TableCell className={styles.label}>{row.label}</TableCell>
                      {row.values.map((v, i) => (
                        <TableCell key={i} className={styles.cell}>
                          {v}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button size="small" appearance="primary" onClick={onClose}>
              关闭
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
