// Dashboard rules (dashboardRuleSet/findByUserId, addOrUpdate): per user, which cards the home page
// shows and in what order. Only the cards the user's roles allow (cards.ts) are offered or accepted.
import type { SessionUser } from '../http/context.ts';
import { invalid } from '../http/envelope.ts';
import { one, run, type Conn } from '../resources/statements.ts';
import { cardsFor, CARDS } from './cards.ts';

export interface CardRule {
  cardKey: string;
  show: boolean;
}

export const RULE_FIELD = '看板卡片';

/** The user's cards in their order: the stored ones first, then allowed cards not yet chosen (shown). */
export async function findRules(conn: Conn, user: SessionUser) {
  const allowed = cardsFor(user);
  const row = await one<{ cards: string; updatedAt: number }>(conn, 'SELECT cards, updated_at AS updatedAt FROM dashboard_rule_sets WHERE user_id = ? AND corp_id = ?', user.userId, user.corpId);
  const stored = (row ? JSON.parse(row.cards) : []) as CardRule[];
  const byKey = new Map(allowed.map((c) => [c.cardKey, c]));
  const ordered = [
    ...stored.filter((r) => byKey.has(r.cardKey)),
    ...allowed.filter((c) => !stored.some((r) => r.cardKey === c.cardKey)).map((c) => ({ cardKey: c.cardKey, show: true })),
  ];
  return {
    userId: user.userId,
    customized: !!row,
    cards: ordered.map((r, i) => ({ cardKey: r.cardKey, title: byKey.get(r.cardKey)!.title, show: r.show, sort: i + 1 })),
  };
}

/** Saves the user's choice; a card twice or one the user may not see is refused, naming it. */
export async function saveRules(conn: Conn, user: SessionUser, cards: CardRule[], now: number) {
  const allowed = new Set(cardsFor(user).map((c) => c.cardKey));
  const seen = new Set<string>();
  for (const [i, c] of cards.entries()) {
    const title = CARDS.find((d) => d.cardKey === c.cardKey)?.title ?? c.cardKey;
    const field = `cards/${i}/cardKey`;
    if (seen.has(c.cardKey)) throw invalid(`${RULE_FIELD}：「${title}」重复`, { field, errors: [{ field, message: '重复' }] });
    if (!allowed.has(c.cardKey)) throw invalid(`${RULE_FIELD}：没有查看「${title}」的权限`, { field, errors: [{ field, message: '没有权限' }] });
    seen.add(c.cardKey);
  }
  const json = JSON.stringify(cards.map((c) => ({ cardKey: c.cardKey, show: c.show })));
  await run(conn, `INSERT INTO dashboard_rule_sets (user_id, corp_id, cards, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET cards = excluded.cards, updated_at = excluded.updated_at`, user.userId, user.corpId, json, now);
  return findRules(conn, user);
}
