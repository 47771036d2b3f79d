// The upload widget's rules and limits (spec sections 2, 5 and 9) as pure functions, so that the
// messages and the folding are tested without a browser.
import { UPLOAD_ACCEPT, UPLOAD_COLLAPSE_AT, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, uploadRule } from '../../../schemas/keywords/upload.ts';

export { uploadCountMessage, uploadTypeMessage, UPLOAD_SIZE_MESSAGE } from '../../../schemas/keywords/upload.ts';

/** A file of the field's value: the uploaded file's url, name and a stable id. */
export interface UploadFile {
  url: string;
  name: string;
  uid: string;
}

/** What the file service answers per file. */
export interface UploadedFile {
  fileUrl: string;
  fileName: string;
  fileId: string | number;
}

export type UploadFn = (files: File[]) => Promise<UploadedFile[]>;

export const DEFAULT_MAX_FILES = UPLOAD_MAX_FILES;
export const COLLAPSE_NUM = UPLOAD_COLLAPSE_AT;
export const MAX_FILE_MB = UPLOAD_MAX_BYTES / 1024 / 1024;
export const DEFAULT_ACCEPT = UPLOAD_ACCEPT.join(', ');
export const DELETE_ANIMATION_MS = 200;
/** Height of the image list when folded. */
export const COLLAPSED_HEIGHT_PX = 92;
export const FOLD_TITLE = '折叠文件';
export const EXPAND_TITLE = '展开所有文件';
/** Spec section 5: only these open in the image viewer. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp'];

export interface UploadLimits {
  /** As the input's accept attribute says it: '.jpg, .jpeg, .png, .bmp, .pdf'. */
  accept?: string;
  maxFiles?: number;
  maxMB?: number;
}

/** Lower-case extension without the dot; query strings of URLs are ignored. */
export function extOf(name: string): string {
  const clean = name.split(/[?#]/)[0];
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
}

export function acceptedExtensions(accept: string): string[] {
  return accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean).map((a) => (a.startsWith('.') ? a : `.${a}`));
}

/**
 * The first rule the picked files break, or null: the same rule (schemas/keywords/upload.ts) and
 * message the upload endpoint answers with. `existing` is how many files the field already holds.
 */
export function checkFiles(files: readonly { name: string; size: number }[], existing: number, limits: UploadLimits = {}): string | null {
  return uploadRule(files, existing, {
    accept: acceptedExtensions(limits.accept ?? DEFAULT_ACCEPT),
    maxFiles: limits.maxFiles ?? DEFAULT_MAX_FILES,
    maxBytes: (limits.maxMB ?? MAX_FILE_MB) * 1024 * 1024,
  });
}

/** Folded, only the last `collapseNum` files show (the newest, as they are appended). */
export function visibleFiles<T>(files: readonly T[], collapsed: boolean, collapseNum = COLLAPSE_NUM): T[] {
  return collapsed && files.length > collapseNum ? files.slice(files.length - collapseNum) : [...files];
}

export const isPdf = (name: string) => extOf(name) === 'pdf';
export const isImage = (name: string) => IMAGE_EXTENSIONS.includes(extOf(name));

/** The files the image viewer pages through: images only (PDFs open in a new tab). */
export function galleryOf<T extends { name: string; url: string }>(files: readonly T[]): T[] {
  return files.filter((f) => isImage(f.name) || (!extOf(f.name) && isImage(f.url)));
}

let seq = 0;
/** The value of newly uploaded files. */
export function toUploadFiles(uploaded: readonly UploadedFile[]): UploadFile[] {
  return uploaded.map((u) => ({ url: u.fileUrl, name: u.fileName, uid: `${u.fileId ?? ''}-${Date.now()}-${++seq}` }));
}
