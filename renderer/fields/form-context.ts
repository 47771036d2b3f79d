// What the form page hands its widgets through RJSF's formContext: the env (API client, notify) and
// what only the page knows, such as the labels of the references an update form starts with.
import type { Registry } from '@rjsf/utils';
import type { Env } from '../env/env-context.tsx';
import type { UploadFn } from './upload/upload-rules.ts';

export interface HuoyunFormContext {
  env: Env;
  /** Field → label shown for its initial value (detail `carrierName` for `carrierId`). */
  labels?: Record<string, string>;
  /** Sends picked files to the file service (createUploader(env)). */
  upload?: UploadFn;
}

export function formContextOf(registry: Registry): HuoyunFormContext {
  const ctx = registry.formContext as HuoyunFormContext | undefined;
  if (!ctx?.env) throw new Error('表单缺少运行环境（formContext.env）');
  return ctx;
}
