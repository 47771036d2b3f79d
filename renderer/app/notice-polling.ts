// Alarm and message polling (spec sections 6 and 9): every 180000 ms each registered source is
// asked what is new since the last query; the last query time is kept per user in localStorage
// so a reload does not report the same notices again. Sources arrive with the alarm and message
// screens; until then the list is empty and nothing polls.
import { useEffect, useRef, useState } from 'react';
import type { Env } from '../env/env-context.tsx';
import { messageSource } from '../pages/message-center/message-source.ts';
import type { LatestMessage } from './message-popover.tsx';

export const NOTICE_POLL_MS = 180_000;

export interface NoticeSource {
  /** The operation that shows this source's icon (e.g. BusinessAlarmReport3). */
  operationId: string;
  /** Asks the server for news since `lastQueryTime` (epoch ms, 0 the first time); answers the unread count, with the newest message when there is one. */
  poll(api: Env['api'], lastQueryTime: number): Promise<number | undefined | PollAnswer>;
}

export interface PollAnswer {
  count: number | undefined;
  /** The newest message since the last query: the top bar shows it in the popover. */
  latest?: LatestMessage;
}

const asAnswer = (a: number | undefined | PollAnswer): PollAnswer => (typeof a === 'object' ? a : { count: a });

/** Registered sources. Empty until the alarm summary and message calls land (no fake numbers). */
export const NOTICE_SOURCES: readonly NoticeSource[] = [messageSource];

export function lastQueryKey(userId: number | string): string {
  return `huoyun.notice.lastQueryTime.${userId}`;
}

const local = () => (globalThis as { localStorage?: Storage }).localStorage;

function readLastQuery(userId: number | string): number {
  const value = Number(local()?.getItem(lastQueryKey(userId)));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Unread counts by operation id; polls only while `sources` is non-empty. A latest message goes to `onLatest`. */
export function useNoticePolling(
  api: Env['api'],
  userId: number | string,
  sources: readonly NoticeSource[],
  onLatest?: (operationId: string, message: LatestMessage) => void,
): Record<string, number | undefined> {
  const [counts, setCounts] = useState<Record<string, number | undefined>>({});
  // Through a ref: a new callback must not restart the polling.
  const latestTo = useRef(onLatest);
  latestTo.current = onLatest;

  useEffect(() => {
    if (sources.length === 0) return undefined;
    let live = true;
    const round = async () => {
      const since = readLastQuery(userId);
      const now = Date.now();
      const answers = await Promise.allSettled(sources.map((s) => s.poll(api, since)));
      if (!live) return;
      try {
        local()?.setItem(lastQueryKey(userId), String(now));
      } catch {
        // Storage disabled: the next round asks from the start again, which is only redundant.
      }
      setCounts((old) => {
        const next = { ...old };
        answers.forEach((a, i) => {
          if (a.status === 'fulfilled') next[sources[i].operationId] = asAnswer(a.value).count;
          else console.warn('通知查询失败', sources[i].operationId, a.reason);
        });
        return next;
      });
      answers.forEach((a, i) => {
        const latest = a.status === 'fulfilled' ? asAnswer(a.value).latest : undefined;
        if (latest) latestTo.current?.(sources[i].operationId, latest);
      });
    };
    void round();
    const timer = setInterval(() => void round(), NOTICE_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, userId, sources]);

  return counts;
}
