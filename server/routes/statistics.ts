// The home dashboard's calls (spec section 7 "Tracking and monitoring": statistics/doBusi,
// businessVolume, dashboardMap and the delivering-amount endpoints per business line; section 7
// "Rules and settings": dashboardRuleSet/findByUserId and addOrUpdate). All GETs only read; every
// figure is scoped like the list it counts (server/statistics).
import type { Registry } from '../registry/types.ts';
import type { Conn } from '../resources/statements.ts';
import { forbidden } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import { CARD_KEYS, CARDS, WAYBILL_OPS } from '../statistics/cards.ts';
import { doBusi } from '../statistics/today.ts';
import { businessVolume, deliveringAmount, DELIVERING_LINES } from '../statistics/volume.ts';
import { dashboardMap } from '../statistics/transit-map.ts';
import { findRules, RULE_FIELD, saveRules, type CardRule } from '../statistics/rules.ts';

/** Whoever holds the operation of any card's list may ask for the day's numbers. */
const ANY_CARD = [...new Set(CARDS.flatMap((c) => c.operations))];
const daysQuery = (title: string) => ({
  type: 'object', additionalProperties: false,
  properties: { days: { title, type: 'string', pattern: '^([1-9]|[1-8][0-9]|90)$', errorMessage: { pattern: `${title}须为1到90之间的整数` } } },
});
const emptyQuery = { type: 'object', additionalProperties: false, properties: {} };
const userIdField = { title: '用户', type: 'string', pattern: '^[1-9][0-9]{0,15}$' };
const ruleInput = {
  type: 'object', additionalProperties: false, required: ['cards'],
  properties: {
    userId: { title: '用户', type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    cards: {
      title: RULE_FIELD, type: 'array', maxItems: CARD_KEYS.length,
      items: {
        type: 'object', additionalProperties: false, required: ['cardKey', 'show'],
        properties: {
          cardKey: { title: '卡片', type: 'string', enum: CARD_KEYS, errorMessage: { enum: '卡片不存在' } },
          show: { title: '是否显示', type: 'boolean' },
        },
      },
    },
  },
};

/** The rules are each user's own: naming another user is refused rather than answered. */
const ownOnly = (given: number | string | undefined, userId: number) => {
  if (given !== undefined && Number(given) !== userId) throw forbidden('只能查看或修改本人的看板设置');
};

export function statisticsRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const waybills = { anyOf: WAYBILL_OPS };
  return [
    route<{ days?: string }>({
      method: 'GET', path: '/statistics/doBusi', access: { anyOf: ANY_CARD }, input: daysQuery('准时率统计天数'),
      handler: ({ user, body }) => doBusi(conn, registry(), user, Date.now(), Number(body.days ?? 30)),
    }),
    route<{ days?: string }>({
      method: 'GET', path: '/statistics/businessVolume', access: waybills, input: daysQuery('统计天数'),
      handler: ({ user, body }) => businessVolume(conn, user, Date.now(), Number(body.days ?? 7)),
    }),
    route({ method: 'GET', path: '/statistics/dashboardMap', access: waybills, input: emptyQuery, handler: ({ user }) => dashboardMap(conn, user, Date.now()) }),
    ...Object.entries(DELIVERING_LINES).map(([name, line]) => route({
      method: 'GET', path: `/statistics/${name}`, access: waybills, input: emptyQuery,
      handler: ({ user }) => deliveringAmount(conn, registry(), user, line),
    })),
    route<{ userId?: string }>({
      method: 'GET', path: '/dashboardRuleSet/findByUserId', access: { session: true },
      input: { type: 'object', additionalProperties: false, properties: { userId: userIdField } },
      handler: ({ user, body }) => (ownOnly(body.userId, user.userId), findRules(conn, user)),
    }),
    route<{ userId?: number; cards: CardRule[] }>({
      method: 'POST', path: '/dashboardRuleSet/addOrUpdate', access: { session: true }, input: ruleInput,
      handler: ({ user, body }) => (ownOnly(body.userId, user.userId), saveRules(conn, user, body.cards, Date.now())),
    }),
  ];
}
