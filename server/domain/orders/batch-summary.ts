// The code-107 answer of a batch (spec section 8): a total message and one counted line per type.
// Each line carries `type` (docs/api.md) and `label` (what the console's summary dialog prints),
// plus the items behind a refusal so the user can see which record failed and why.
import { ApiError, Code } from '../../http/envelope.ts';
import { Outcome } from '../../http/route.ts';

export interface BatchLine {
  type: string;
  count: number;
  items?: { id: number; reason: string }[];
}

export function batchSummary(message: string, lines: BatchLine[]) {
  return new Outcome(Code.BATCH_SUMMARY, message, { message, details: lines.map((l) => ({ ...l, label: l.type })) });
}

/**
 * Runs `act` for each distinct id (each in its own transaction, inside `act`) and sorts the
 * refusals by the type `classify` gives them; any other error is a fault and is rethrown.
 */
export async function judgeEach(ids: readonly number[], act: (id: number) => Promise<unknown>, classify: (e: ApiError) => string) {
  const refused = new Map<string, { id: number; reason: string }[]>();
  let ok = 0;
  const distinct = [...new Set(ids)];
  for (const id of distinct) {
    try {
      await act(id);
      ok++;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const type = classify(e);
      refused.set(type, [...(refused.get(type) ?? []), { id, reason: e.message }]);
    }
  }
  return { total: distinct.length, ok, refused };
}
