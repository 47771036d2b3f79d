import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Huoyun@2026';

/** Logs in through the form; on a first visit the online-service guide is acknowledged with 知道了. */
export async function login(page: Page, userName: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: '用户名', exact: true }).fill(userName);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(password);
  // The shell shows the guide when the user has not browsed it (haveBrowsed 0) and need not change the
  // password first (passwordStatus 1): read both from the calls the shell makes, not from a short wait.
  const answer = (path: string) => page.waitForResponse((r) => r.url().includes(`/api${path}`)).then((r) => r.json());
  const userCall = answer('/user/getCurrentUser');
  const settingsCall = answer('/personalSet/getCorpPersonalSet');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  const [user, settings] = await Promise.all([userCall, settingsCall]);
  if (user.result?.haveBrowsed === 0 && settings.result?.passwordStatus !== 1) {
    const guide = page.getByRole('alertdialog', { name: '在线服务指引' });
    await guide.getByRole('button', { name: '知道了' }).click();
    await expect(guide).toBeHidden();
  }
  await expect(page.getByRole('button', { name: /^用户：/ })).toBeVisible();
}

/** Logs out through the user dropdown (the top-bar button is named '用户：<name>'). */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /^用户：/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The console's origin. A write carried by the session cookie must name it, as the console's own fetches do. */
export const CONSOLE_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181)}`;

/**
 * Calls the API as the logged-in user, for setting up or reading data the journey is not about.
 * The request shares the page's cookies (the HttpOnly session cookie among them) and says it comes
 * from the console's origin, which the server requires of a cookie-borne write.
 */
export async function api<T = unknown>(request: APIRequestContext, path: string, body: unknown = {}): Promise<T> {
  const res = await request.post(`/api${path}`, { data: body, headers: { origin: CONSOLE_ORIGIN } });
  const json = (await res.json()) as { code: number; message: string; result: T };
  expect(json.code, `${path}: ${json.message}`).toBe(1);
  return json.result;
}

/** A short suffix that makes names unique across reruns on the same database. */
export function uniqueSuffix(length = 5, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** The list page's search box, toolbar and table live in <main>; the top bar has its own buttons. */
export const mainArea = (page: Page) => page.getByRole('main');

/** Searches a list page by one text condition and waits for the table to show the answer. */
export async function searchList(page: Page, label: string, value: string) {
  const main = mainArea(page);
  await main.getByRole('search').getByRole('textbox', { name: label }).fill(value);
  await main.getByRole('button', { name: '查询', exact: true }).click();
}

/** A toast of the notifier (Fluent's toaster lists each toast as an item named by its title). */
export const toast = (page: Page, text: string) => page.getByRole('listitem', { name: text });

/** A GET answer's result; the call must succeed. */
export async function getResult<T>(request: APIRequestContext, path: string): Promise<T> {
  const json = (await (await request.get(`/api${path}`)).json()) as { code: number; result: T };
  expect(json.code).toBe(1);
  return json.result;
}

export interface DemoNode { areaId: number; typeId: number; nodeType: string; customAreaName: string }

/**
 * A demo waybill in transit or completed (the others may have no vehicle, and their track call answers
 * 0) with a short recorded track, and the first of its nodes `pick` accepts.
 */
export async function demoWaybillWithTrack(request: APIRequestContext, pick: (n: DemoNode) => boolean) {
  const list = await api<{ data: { id: number; status: number }[] }>(request, '/waybill/pageQueryByCondition', { curPage: 1, pageSize: 100 });
  for (const w of list.data.filter((x) => x.status === 400 || x.status === 500)) {
    const track = await api<{ totalRecords: number }>(request, '/waybill/getTrackList', { waybillId: w.id, pageParamVO: { curPage: 1, pageSize: 1 } });
    if (track.totalRecords < 20 || track.totalRecords > 400) continue;
    const node = (await getResult<DemoNode[]>(request, `/waybill/getNodeListByIdVO?id=${w.id}`)).find(pick);
    if (node) return { id: w.id, points: track.totalRecords, node };
  }
  throw new Error('no demo waybill with a short track and such a node');
}
