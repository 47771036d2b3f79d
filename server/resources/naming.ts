// API fields are camelCase, columns snake_case: one rule, used everywhere.
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Quotes an identifier that has already been checked against the registry. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
