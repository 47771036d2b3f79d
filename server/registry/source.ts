/** Each loaded schema file remembers where it came from, for the messages of later checks. */
export const sourceOf = new WeakMap<object, string>();

/** A menu's position in its file, since menus of several files are merged into one tree. */
export const menuIndexOf = new WeakMap<object, number>();
