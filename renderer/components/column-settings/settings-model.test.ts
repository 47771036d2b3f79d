import { describe, expect, it } from 'vitest';
import { columnPayload, moveField, searchPayload, splitColumns, stepField, toggleSearch, type FieldSetting } from './settings-model.ts';

const f = (fieldId: string, display: boolean, disabled = false): FieldSetting => ({ fieldId, fieldLabel: fieldId, display, disabled });
const lists = splitColumns([f('code', true, true), f('name', true), f('contact', true), f('remark', false), f('fixedHidden', false, true)]);
const ids = (l: FieldSetting[]) => l.map((s) => s.fieldId);

describe('column settings model', () => {
  it('splits shown and hidden; a disabled column is always shown', () => {
    expect(ids(lists.shown)).toEqual(['code', 'name', 'contact', 'fixedHidden']);
    expect(ids(lists.hidden)).toEqual(['remark']);
  });

  it('moves across lists and within a list, before a target', () => {
    const shown = moveField(lists, 'remark', 'shown', 1);
    expect(ids(shown.shown)).toEqual(['code', 'remark', 'name', 'contact', 'fixedHidden']);
    expect(shown.shown[1].display).toBe(true);
    const down = moveField(lists, 'name', 'shown', 3);
    expect(ids(down.shown)).toEqual(['code', 'contact', 'name', 'fixedHidden']);
    expect(ids(stepField(lists, 'contact', -1).shown)).toEqual(['code', 'contact', 'name', 'fixedHidden']);
    expect(ids(stepField(lists, 'name', 1).shown)).toEqual(['code', 'contact', 'name', 'fixedHidden']);
    expect(stepField(lists, 'code', -1)).toBe(lists);
  });

  it('never moves a disabled column', () => {
    expect(moveField(lists, 'code', 'hidden')).toBe(lists);
    expect(moveField(lists, 'code', 'shown', 3)).toBe(lists);
  });

  it('saves shown columns in order, then hidden ones; search keeps disabled conditions shown', () => {
    expect(columnPayload(moveField(lists, 'name', 'hidden'))).toEqual([
      { fieldId: 'code', display: true },
      { fieldId: 'contact', display: true },
      { fieldId: 'fixedHidden', display: true },
      { fieldId: 'remark', display: false },
      { fieldId: 'name', display: false },
    ]);
    const search = [f('a', true, true), f('b', true)];
    expect(toggleSearch(search, 'a', false)).toEqual(search);
    expect(searchPayload(toggleSearch(search, 'b', false))).toEqual([
      { fieldId: 'a', display: true },
      { fieldId: 'b', display: false },
    ]);
  });
});
