// Upload rules of spec sections 5 and 9, shared by the upload widget and the upload endpoint.
export const UPLOAD_ACCEPT = ['.jpg', '.jpeg', '.png', '.bmp', '.pdf'] as const;
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_COLLAPSE_AT = 5;

export const uploadTypeMessage = (accept: readonly string[] = UPLOAD_ACCEPT) => `上传文件必须是${accept.join(', ')}格式`;
export const UPLOAD_SIZE_MESSAGE = '文件大小不能大于10M';
export const uploadCountMessage = (max = UPLOAD_MAX_FILES) => `最多支持上传${max}个文件`;

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The first rule a batch of files breaks, or null. `existing` counts files already attached. */
export function uploadRule(
  files: readonly { name: string; size: number }[],
  existing = 0,
  opts: { accept?: readonly string[]; maxFiles?: number; maxBytes?: number } = {},
): string | null {
  const accept = opts.accept ?? UPLOAD_ACCEPT;
  const maxFiles = opts.maxFiles ?? UPLOAD_MAX_FILES;
  if (existing + files.length > maxFiles) return uploadCountMessage(maxFiles);
  for (const f of files) {
    if (!accept.includes(extensionOf(f.name))) return uploadTypeMessage(accept);
    if (f.size > (opts.maxBytes ?? UPLOAD_MAX_BYTES)) return UPLOAD_SIZE_MESSAGE;
  }
  return null;
}
