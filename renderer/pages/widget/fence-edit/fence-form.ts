// The fence page's form model (新增/修改电子围栏): the fields beside the map, their checks (the
// server's own rules, said early), the draft a stored fence opens with, and the add/update body.
import { RADIUS_DEFAULT } from '../../../map/constants.ts';
import { parseAreaLonLat, type LngLat } from '../../../map/geometry.ts';
import { saveBody, startDraft, type FenceDraft, type FenceType } from '../../track-playback/fence-edit.ts';

export interface FenceForm {
  areaName: string;
  areaCode: string;
  areaLabel: string;
  province: string;
  city: string;
  district: string;
  position: string;
  /** 所属客户: the picked customer's id as text, '' for none (picked from a list, not typed: not in FORM_FIELDS). */
  customerId: string;
}

export const EMPTY_FORM: FenceForm = { areaName: '', areaCode: '', areaLabel: '', province: '', city: '', district: '', position: '', customerId: '' };

/** A customer the fence may be given (GET electronic/areaManage/customers). */
export interface CustomerOption {
  id: number;
  customerName: string;
}

/** The 所属客户 option for a fence of no customer. */
export const NO_CUSTOMER = '无（公司自有围栏）';

/** The form's fields with their Chinese titles and the server's length limits (server/routes/electronic.ts). */
export const FORM_FIELDS: { key: Exclude<keyof FenceForm, 'customerId'>; title: string; max: number; required?: boolean }[] = [
  { key: 'areaName', title: '围栏名称', max: 64, required: true },
  { key: 'areaCode', title: '围栏编码', max: 64, required: true },
  { key: 'areaLabel', title: '围栏标签', max: 50 },
  { key: 'province', title: '省', max: 50 },
  { key: 'city', title: '市', max: 50 },
  { key: 'district', title: '区县', max: 50 },
  { key: 'position', title: '详细地址', max: 200 },
];

/** Where a new fence starts when nothing else is known: the centre of Shanghai, a 200 m circle. */
export const NEW_FENCE_CENTRE: LngLat = [121.473701, 31.230416];

export function formErrors(f: FenceForm, adding: boolean): Partial<Record<keyof FenceForm, string>> {
  const out: Partial<Record<keyof FenceForm, string>> = {};
  for (const { key, title, max, required } of FORM_FIELDS) {
    const v = f[key].trim();
    if (required && !v) out[key] = `${title}不能为空`;
    else if (v.length > max) out[key] = `${title}最多${max}个字符`;
  }
  if (adding && !out.areaCode && f.areaCode.trim() && !/^[0-9A-Za-z_-]+$/.test(f.areaCode.trim())) out.areaCode = '围栏编码只能包含字母、数字、下划线和短横线';
  return out;
}

export interface StoredFence {
  areaId: number;
  areaName: string;
  areaCode: string;
  areaLabel?: string | null;
  typeId: number;
  lonCenter: number;
  latCenter: number;
  radius: number | null;
  areaLonLat: string;
  province: string | null;
  city: string | null;
  district: string | null;
  position: string | null;
  isDelete: number;
  version: number;
  customerId?: number | null;
}

export const formOf = (s: StoredFence): FenceForm => ({
  areaName: s.areaName, areaCode: s.areaCode, areaLabel: s.areaLabel ?? '', province: s.province ?? '', city: s.city ?? '', district: s.district ?? '', position: s.position ?? '',
  customerId: s.customerId ? String(s.customerId) : '',
});

/** The draft a stored fence opens with (WGS-84, as the server keeps it). */
export function draftOfStored(s: StoredFence): FenceDraft {
  const typeId = s.typeId as FenceType;
  const centre: LngLat = [s.lonCenter, s.latCenter];
  if (typeId === 3) return { typeId, points: [centre], radius: s.radius ?? RADIUS_DEFAULT };
  const ring = parseAreaLonLat(s.areaLonLat);
  if (typeId === 1 && ring.length >= 2) {
    const xs = ring.map((p) => p[0]), ys = ring.map((p) => p[1]);
    return { typeId, points: [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]], radius: RADIUS_DEFAULT };
  }
  if (typeId === 2 && ring.length >= 3) return { typeId, points: ring, radius: RADIUS_DEFAULT };
  return startDraft(3, centre);
}

/** The add or update body: the shape (the edit layer's own body) with the form's fields, trimmed. */
export function fenceBody(draft: FenceDraft, form: FenceForm, stored: StoredFence | null): Record<string, unknown> {
  const shape = saveBody(draft, { areaId: stored?.areaId ?? 0 })!;
  const { areaId: _drop, ...geometry } = shape;
  const fields: Record<string, unknown> = {};
  for (const { key } of FORM_FIELDS) {
    if (stored && key === 'areaCode') continue;
    fields[key] = form[key].trim();
  }
  fields.customerId = form.customerId ? Number(form.customerId) : null;
  return stored ? { areaId: stored.areaId, version: stored.version, ...geometry, ...fields } : { ...geometry, ...fields };
}
