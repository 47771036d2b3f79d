// Small calls of the console shell: every declared route (so the console can tell a forbidden page
// from a missing one), the help links, and the online-guide flag.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { all, one, run } from '../resources/statements.ts';

/** The help manual and update log ship with the console (public/help); a corporation may point elsewhere. */
export const DEFAULT_HELP_LINKS = { helpBookLink: '/help/manual.html', updateLogLink: '/help/update-log.html' };

export function shellRoutes(conn: Conn) {
  return [
    route({
      method: 'GET', path: '/menu/routes', access: { session: true }, input: { type: 'object' },
      handler: async () =>
        (await all<{ route: string }>(conn, 'SELECT DISTINCT route FROM operations WHERE route IS NOT NULL ORDER BY route')).map((r) => r.route),
    }),
    route({
      method: 'GET', path: '/helpcenter/link', access: { session: true }, input: { type: 'object' },
      handler: async ({ user }) => {
        const row = (await one<{ settings: string }>(conn, 'SELECT settings FROM corporations WHERE id = ?', user.corpId))!;
        const settings = JSON.parse(row.settings) as Partial<typeof DEFAULT_HELP_LINKS>;
        return { helpBookLink: settings.helpBookLink ?? DEFAULT_HELP_LINKS.helpBookLink, updateLogLink: settings.updateLogLink ?? DEFAULT_HELP_LINKS.updateLogLink };
      },
    }),
    // A write, so POST (the spec shows no method); docs/api.md "No state change on GET".
    route<{ haveBrowsed: number }>({
      method: 'POST', path: '/userSet/updateHaveBrowsedConfig', access: { session: true },
      input: { type: 'object', additionalProperties: false, required: ['haveBrowsed'], properties: { haveBrowsed: { title: '已浏览', type: 'integer', enum: [0, 1] } } },
      handler: async ({ user, body }) => {
        await run(conn, 'UPDATE users SET have_browsed = ? WHERE id = ?', Number(body.haveBrowsed), user.userId);
        return { haveBrowsed: Number(body.haveBrowsed) };
      },
    }),
  ];
}
