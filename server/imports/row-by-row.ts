// A batch of an import's rows, and the batch write of a target that writes one row at a time (orders,
// through their own save): each row in turn, in the runner's transaction for the batch.
import type { RowError } from './runner.ts';

export interface ImportRow {
  /** The spreadsheet's row number. */
  number: number;
  body: Record<string, unknown>;
}

/** A batch write from a write of one row (its error, or nothing when it was written), row after row. */
export function rowByRow(write: (body: Record<string, unknown>, rowNumber: number, onDuplicate: number) => Promise<RowError | undefined>) {
  return async (rows: ImportRow[], onDuplicate: number): Promise<RowError[]> => {
    const errors: RowError[] = [];
    for (const r of rows) {
      const error = await write(r.body, r.number, onDuplicate);
      if (error) errors.push(error);
    }
    return errors;
  };
}
