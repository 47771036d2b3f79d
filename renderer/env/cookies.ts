// Cookie helpers for the session. The server sets `token` on login; the client re-reads it for the
// `token` header (spec section 6) and wipes it, with the rest of the local session, on logout.

export const TOKEN_COOKIE = 'token';
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

/** Everything spec section 8 says to forget on code 103: token, password-expiry mark, local storage. */
export function clearSession(): void {
  deleteCookie(TOKEN_COOKIE);
  deleteCookie(PWD_EXPIRED_COOKIE);
  (globalThis as { localStorage?: Pick<Storage, 'clear'> }).localStorage?.clear();
}
