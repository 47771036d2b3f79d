// The message centre's source for the top bar's polling (notice-polling.ts): unread count via
// POST /message/summary {lastQueryTime}. The tooltip reads '共 N 条未读' (spec section 9).
import type { Env } from '../../env/env-context.tsx';

export const unreadText = (n: number) => `共 ${n} 条未读`;

export const messageSource = {
  operationId: 'messageCenter3',
  async poll(api: Env['api'], lastQueryTime: number): Promise<number | undefined> {
    const r = await api.post<{ messageCount: number }>('/message/summary', { lastQueryTime }, { silent: true });
    return r.messageCount;
  },
};
