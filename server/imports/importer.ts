// What the import runner needs of an import target: its columns (the template's and the file's), the
// fields that name one record (rows of one file sharing them are told apart before anything is
// written), and the write of a batch of rows. A resource of the registry is imported by the engine
// (runner.ts resourceImporter); the targets below are not resources and bring their own importer,
// which writes through their own domain logic (orders: server/domain/orders/save.ts).
import type { SessionUser } from '../http/context.ts';
import type { Registry } from '../registry/types.ts';
import type { Conn } from '../resources/statements.ts';
import type { ImportColumn } from './columns.ts';
import { ORDER_IMPORT } from './orders.ts';
import type { RowError } from './runner.ts';
import type { ImportRow } from './row-by-row.ts';

export interface Importer {
  columns: ImportColumn[];
  /** The fields naming one record, for the duplicates within one file; none: rows are never duplicates. */
  key?: string[];
  /**
   * Checks and writes a batch of rows, inside the runner's transaction for the batch; answers the refused
   * rows' errors. A resource's rows are written together (the engine's saveMany); a target that writes one
   * row at a time wraps its write in `rowByRow` (row-by-row.ts).
   */
  write(rows: ImportRow[], onDuplicate: number): Promise<RowError[]>;
}

export interface ImportContext {
  conn: Conn;
  registry: Registry;
  user: SessionUser;
}

/** An import target that is not a resource of the registry. */
export interface ImportTarget {
  /** What the import centre calls it (导入任务's 导入类型, the template's file name). */
  title: string;
  /** The operation a user needs to import (its add operation). */
  addOperation: string;
  /** False when 更新已有记录 is not offered: duplicates are always refused (docs/decisions.md). */
  updates: boolean;
  /** Users who may never import it whatever their rights (carriers do not place orders). */
  refuses?(user: SessionUser): boolean;
  open(ctx: ImportContext): Promise<Importer>;
}

const TARGETS: Record<string, ImportTarget> = { order: ORDER_IMPORT };

export const ownTarget = (resourceId: string): ImportTarget | undefined => (Object.hasOwn(TARGETS, resourceId) ? TARGETS[resourceId] : undefined);

/** The importer of a target that is not a resource, or undefined for a resource. */
export function ownImporter(resourceId: string, ctx: ImportContext): Promise<Importer> | undefined {
  return ownTarget(resourceId)?.open(ctx);
}
