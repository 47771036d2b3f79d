// The one answer of every batch delete (code 105): how many of the distinct ids were deleted, how
// many were not found (failed) and how many may not go (cannotDelete), each refusal with its reason.
// The generic resource engine, orders and waybills decide per record; this builds the summary.
import { Code } from './envelope.ts';
import { Outcome } from './route.ts';

export interface DeleteRefusal {
  result: 'failed' | 'cannotDelete';
  reason: string;
}

export const notFound = (reason: string): DeleteRefusal => ({ result: 'failed', reason });
export const cannotDelete = (reason: string): DeleteRefusal => ({ result: 'cannotDelete', reason });

/**
 * Runs `deleteOne` once per distinct id, one after another (each call is the caller's own
 * transaction), and answers 105. `deleteOne` returns a refusal, or nothing when the record was deleted.
 */
export async function batchDeleteOutcome(
  ids: readonly number[],
  deleteOne: (id: number) => Promise<DeleteRefusal | undefined | void> | DeleteRefusal | undefined | void,
): Promise<Outcome> {
  const distinct = [...new Set(ids)];
  const details: (DeleteRefusal & { id: number })[] = [];
  for (const id of distinct) {
    const refusal = await deleteOne(id);
    if (refusal) details.push({ id, ...refusal });
  }
  const total = distinct.length;
  const failCount = details.filter((d) => d.result === 'failed').length;
  const successCount = total - details.length;
  const result = { total, successCount, failCount, cannotDeleteCount: details.length - failCount, details };
  return new Outcome(Code.BATCH_DELETE, `共${total}条记录，删除成功${successCount}条`, result);
}
