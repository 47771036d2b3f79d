/** Each loaded schema file remembers where it came from, for the messages of later checks. */
export const sourceOf = new WeakMap<object, string>();
