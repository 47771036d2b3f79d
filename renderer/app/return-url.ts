// Where to go after login. Only same-origin paths are followed, so a crafted returnUrl cannot send
// a freshly logged-in user to another site (open redirect).

export const HOME_PATH = '/home';

export function returnPathOf(url: string | undefined, origin: string): string {
  if (!url) return HOME_PATH;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return HOME_PATH;
  }
  if (target.origin !== origin) return HOME_PATH;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // Going back to the login page would loop through the single-sign-on check.
  return target.pathname === '/login' || target.pathname === '/' ? HOME_PATH : path;
}
