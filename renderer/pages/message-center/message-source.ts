// The message centre's source for the top bar's polling (notice-polling.ts): unread count and the
// newest message since the last query via POST /message/summary {lastQueryTime}. The tooltip reads
// '共 N 条未读' (spec section 9); the newest message opens the popover (message-popover.tsx).
import type { Env } from '../../env/env-context.tsx';
import type { LatestMessage } from '../../app/message-popover.tsx';
import type { PollAnswer } from '../../app/notice-polling.ts';

export const unreadText = (n: number) => `共 ${n} 条未读`;

export const messageSource = {
  operationId: 'messageCenter3',
  async poll(api: Env['api'], lastQueryTime: number): Promise<PollAnswer> {
    const r = await api.post<{ messageCount: number; theLatestNewsList?: LatestMessage[] }>('/message/summary', { lastQueryTime }, { silent: true });
    // The server lists them newest first.
    return { count: r.messageCount, latest: r.theLatestNewsList?.[0] };
  },
};
