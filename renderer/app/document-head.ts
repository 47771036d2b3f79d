// The tab title and icon follow the corporation's branding from menu/getLogoUrl.

export const DEFAULT_TITLE = '货运数字化平台';

export function setDocumentTitle(title?: string): void {
  document.title = title || DEFAULT_TITLE;
}

export function setFavicon(href?: string): void {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}
