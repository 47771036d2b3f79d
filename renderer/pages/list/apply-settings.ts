// After the settings dialog saves, the list shows the new order and visibility at once, the same
// way the server applies them when it next serves the page (server/registry/compose.ts).
export interface SettingItem {
  fieldId: string;
  display: boolean;
}

export function applyFieldSettings<T extends { field: string; hidden?: boolean; disabled?: boolean }>(items: T[], settings: SettingItem[] | undefined): T[] {
  if (!settings) return items;
  const byField = new Map(items.map((i) => [i.field, i]));
  const ordered = settings
    .filter((s) => byField.has(s.fieldId))
    .map((s) => {
      const item = byField.get(s.fieldId)!;
      return { ...item, hidden: !s.display && !item.disabled };
    });
  const rest = items.filter((i) => !settings.some((s) => s.fieldId === i.field));
  return [...ordered, ...rest];
}
