// The schema language's own vocabulary: one import point for server and renderer.
export * from './rules.ts';
export * from './number-rule.ts';
export * from './id-card.ts';
export * from './password.ts';
export * from './tiered.ts';
export * from './ajv.ts';
export * from './upload.ts';
export * from './money.ts';
export * from './cross-field.ts';
