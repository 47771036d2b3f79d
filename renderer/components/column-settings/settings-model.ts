// The column and search settings as the dialog edits them (GET /tms/field/getColumn|getSearch).
// Pure moves, so the rules are tested without drag and drop: a disabled item never moves and
// never changes list; saving needs at least one shown column.
export interface FieldSetting {
  fieldId: string;
  fieldLabel: string;
  title?: string;
  display: boolean;
  disabled: boolean;
}

export type ListName = 'hidden' | 'shown';

export interface ColumnLists {
  hidden: FieldSetting[];
  shown: FieldSetting[];
}

export const ALL_HIDDEN_MESSAGE = '不能全部隐藏';

export function splitColumns(settings: FieldSetting[]): ColumnLists {
  // A disabled column cannot be hidden, whatever an old setting says.
  return {
    hidden: settings.filter((s) => !s.display && !s.disabled),
    shown: settings.filter((s) => s.display || s.disabled),
  };
}

export function listOf(lists: ColumnLists, fieldId: string): ListName | undefined {
  if (lists.hidden.some((s) => s.fieldId === fieldId)) return 'hidden';
  if (lists.shown.some((s) => s.fieldId === fieldId)) return 'shown';
  return undefined;
}

/** Moves a field to `index` of `target` (the end when omitted). Disabled fields stay put. */
export function moveField(lists: ColumnLists, fieldId: string, target: ListName, index?: number): ColumnLists {
  const from = listOf(lists, fieldId);
  if (!from) return lists;
  const item = lists[from].find((s) => s.fieldId === fieldId)!;
  if (item.disabled) return lists;
  const next: ColumnLists = { hidden: lists.hidden.filter((s) => s.fieldId !== fieldId), shown: lists.shown.filter((s) => s.fieldId !== fieldId) };
  const dest = [...next[target]];
  // The index was read with the item still in place: moving down the same list shifts by one.
  let at = index ?? dest.length;
  if (from === target && index !== undefined && lists[from].findIndex((s) => s.fieldId === fieldId) < index) at -= 1;
  dest.splice(Math.max(0, Math.min(at, dest.length)), 0, { ...item, display: target === 'shown' });
  return { ...next, [target]: dest };
}

/** One step up (-1) or down (+1) in its list. */
export function stepField(lists: ColumnLists, fieldId: string, step: -1 | 1): ColumnLists {
  const from = listOf(lists, fieldId);
  if (!from) return lists;
  const i = lists[from].findIndex((s) => s.fieldId === fieldId);
  const j = i + step;
  if (j < 0 || j >= lists[from].length) return lists;
  return moveField(lists, fieldId, from, step > 0 ? j + 1 : j);
}

/** What setColumn receives: shown fields in their order, then the hidden ones. */
export function columnPayload(lists: ColumnLists): { fieldId: string; display: boolean }[] {
  return [...lists.shown.map((s) => ({ fieldId: s.fieldId, display: true })), ...lists.hidden.map((s) => ({ fieldId: s.fieldId, display: false }))];
}

export function searchPayload(settings: FieldSetting[]): { fieldId: string; display: boolean }[] {
  return settings.map((s) => ({ fieldId: s.fieldId, display: s.display || s.disabled }));
}

export function toggleSearch(settings: FieldSetting[], fieldId: string, display: boolean): FieldSetting[] {
  return settings.map((s) => (s.fieldId === fieldId && !s.disabled ? { ...s, display } : s));
}

export type SettingsMode = 'both' | 'column' | 'search';

export const SETTINGS_TITLES: Record<SettingsMode, string> = {
  both: '表格列和查询条件设置',
  column: '表格列设置',
  search: '查询条件设置',
};
/** Spec section 9: 640 px with both tabs, 500 px otherwise. */
export const dialogWidthOf = (mode: SettingsMode) => (mode === 'both' ? 640 : 500);

export interface SavedSettings {
  columns?: { fieldId: string; display: boolean }[];
  searches?: { fieldId: string; display: boolean }[];
}
