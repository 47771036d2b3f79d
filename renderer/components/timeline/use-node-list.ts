// Loads one timeline's nodes through the env's API client (pages never call fetch). Silent: the
// failure is shown in place of the timeline instead of as a toast over the detail page around it.
import { useEffect, useState } from 'react';
import { ApiError, type QueryValue } from '../../env/api-client.ts';
import { useEnv } from '../../env/env-context.tsx';

export type NodeListState<T> =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; nodes: T[] };

/** The spec's successful answer is a list; anything else counts as no nodes. */
const asList = <T,>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : []);

export function useNodeList<T>(path: string, query: Record<string, QueryValue>): NodeListState<T> {
  const { api } = useEnv();
  const [state, setState] = useState<NodeListState<T>>({ status: 'loading' });
  const key = JSON.stringify(query);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.get(path, JSON.parse(key) as Record<string, QueryValue>, { silent: true }).then(
      (result) => current && setState({ status: 'ready', nodes: asList<T>(result) }),
      (err: unknown) => current && setState({ status: 'failed', message: err instanceof ApiError ? err.message : String(err) }),
    );
    return () => {
      current = false;
    };
  }, [api, path, key]);
  return state;
}
