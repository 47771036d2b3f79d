// The label of a dictionary value (schemas/dictionaries: the one source of the Chinese names).
// Lists label every row, so each dictionary's id → label map is built once per loaded registry.
import type { Registry } from './types.ts';

type Dictionary = NonNullable<ReturnType<Registry['dictionaries']['get']>>;
const maps = new WeakMap<Dictionary, Map<unknown, string>>();

function labelsOf(dictionary: Dictionary): Map<unknown, string> {
  let map = maps.get(dictionary);
  if (!map) {
    map = new Map(dictionary.items.map((i) => [i.id, i.label] as [unknown, string]));
    maps.set(dictionary, map);
  }
  return map;
}

/** '' for a missing value, an unknown dictionary or an id the dictionary does not list. */
export function labelOf(reg: Registry, dicTypeKey: string, id: unknown): string {
  if (id === null || id === undefined) return '';
  const dictionary = reg.dictionaries.get(dicTypeKey);
  return dictionary ? labelsOf(dictionary).get(id) ?? '' : '';
}
