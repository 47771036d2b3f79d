// Cookie helpers for what the console itself remembers. The session token is an HttpOnly cookie that
// only the server sets, reads and clears (docs/decisions.md "Session cookie"): script never sees it.

/** Holds the id of the user already told that the password expired, so the prompt shows once per login. */
export const PWD_EXPIRED_COOKIE = 'pwdExpiredTip';

/** Reads through globalThis so that tests can stub `document` without a DOM. */
function doc(): { cookie: string } | undefined {
  return (globalThis as { document?: { cookie: string } }).document;
}

export function getCookie(name: string): string | undefined {
  const jar = doc()?.cookie ?? '';
  for (const part of jar.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const d = doc();
  if (!d) return;
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  d.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}`;
}

export function deleteCookie(name: string): void {
  const d = doc();
  if (d) d.cookie = `${name}=; path=/; max-age=0`;
}

/** What spec section 8 says to forget on code 103 that script can reach: the password-expiry mark and local storage (the server clears the token cookie). */
export function clearSession(): void {
  deleteCookie(PWD_EXPIRED_COOKIE);
  (globalThis as { localStorage?: Pick<Storage, 'clear'> }).localStorage?.clear();
}
