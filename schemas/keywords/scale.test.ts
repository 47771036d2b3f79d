import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { addHuoyunVocabulary, messageFor } from './ajv.ts';

// A field kept in milliseconds and typed in minutes (x-scale; the widget's side in renderer/fields):
// a bound is said in the minutes the user typed, never in milliseconds.
describe('x-scale', () => {
  const ajv = addHuoyunVocabulary(new Ajv({ allErrors: true, verbose: true, strict: false }));
  const schema = { title: '超时停车时长', type: 'integer', minimum: 60_000, maximum: 86_400_000, 'x-scale': { factor: 60_000, unit: '分钟' } };
  const check = ajv.compile({ type: 'object', properties: { stopMinMs: schema } });
  const messages = (value: unknown) => {
    check({ stopMinMs: value });
    return (check.errors ?? []).map((e) => messageFor(e, '超时停车时长'));
  };

  it('says the bounds in the typed unit', () => {
    expect(messages(1_800_000)).toEqual([]);
    expect(messages(30_000)).toEqual(['超时停车时长：不能小于1分钟']);
    expect(messages(90_000_000)).toEqual(['超时停车时长：不能大于1440分钟']);
  });
});
