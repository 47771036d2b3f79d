// A code-100 answer names the field it rejects ({field, errors: [{field, message}]}); the form shows
// the server's message under that field, as it shows its own.
import type { ErrorSchema } from '@rjsf/utils';
import { ApiError } from '../../env/api-client.ts';

interface FieldError {
  field?: string;
  message?: string;
}

/** The error schema marking the form's fields named by a code-100 error, or null if it names none. */
export function serverFieldErrors(err: unknown, fields: readonly string[]): ErrorSchema | null {
  if (!(err instanceof ApiError) || err.code !== 100) return null;
  const result = (err.result ?? {}) as { field?: string; errors?: FieldError[] };
  const list: FieldError[] = result.errors?.length ? result.errors : [{ field: result.field, message: err.message }];
  const out: Record<string, any> = {};
  for (const { field, message } of list) {
    const path = (field ?? '').split('.').filter(Boolean);
    if (!path.length || !fields.includes(path[0]) || !message) continue;
    let node = out;
    for (const key of path) node = node[key] ??= {};
    node.__errors = [...(node.__errors ?? []), message];
  }
  return Object.keys(out).length ? (out as ErrorSchema) : null;
}

/** The form field an RJSF element id belongs to: 'root_tiers_1_low' → 'tiers'. */
export function fieldOfId(id: string, fields: readonly string[]): string | undefined {
  const rest = id.replace(/^root_/, '');
  return [...fields].sort((a, b) => b.length - a.length).find((f) => rest === f || rest.startsWith(`${f}_`));
}
