// What every rule type's preview answers besides its own detail, so the rule forms show any type's
// preview the same way (renderer/pages/form/form-preview.tsx): a few headline figures and a table.
/** Every preview looks back this many days from now. */
export const PREVIEW_DAYS = 30;

export interface PreviewTable {
  summary: { label: string; value: string }[];
  columns: { key: string; title: string }[];
  rows: Record<string, unknown>[];
}
