// Every form field of every page and resource, refused the three ways a user meets most (wrong type,
// too long, left empty): the browser shows one message and the server's code 100 says the same kind
// of thing, in Chinese, naming the field as its label does, with no schema words ("类型错误，应为数字或空值").
import { beforeAll, describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { loadRegistry } from '../server/registry/load.ts';
import { saveSchema } from '../server/resources/input-schemas.ts';
import { createAjv, describeErrors } from '../server/http/validate.ts';
import { createTransformErrors, huoyunValidator } from '../renderer/pages/form/form-validator.ts';
import { fieldNameOf } from '../schemas/keywords/index.ts';

type Schema = Record<string, any>;
type Form = { source: string; schema: { properties: Record<string, Schema>; required?: string[] } };

// 对象 as a programmer's "object"; 结算对象 and 补贴对象 are the finance desk's own words (who is billed, who gets the allowance).
const JARGON = /类型错误|空值|字符串|布尔|(?<!结算|补贴)对象|数组|undefined|null|must|should|NaN|格式不正确|\bID\b/i;
const CHINESE = /\p{Script=Han}/u;
const ajv = createAjv();

const typesOf = (s: Schema): string[] => [s.type ?? []].flat().filter((t: string) => t !== 'null');

/** A value of the wrong type for the field, as a user could send it (text in a number, a number in text). */
function wrongType(s: Schema): unknown | undefined {
  const types = typesOf(s);
  if (types.length === 0 || s['x-tiered']) return undefined;
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? undefined : 12345;
  if (types.includes('number') || types.includes('integer')) return 'abc';
  if (types.includes('boolean')) return '是';
  if (types.includes('array')) return '一二三';
  return undefined;
}

function browserMessages(form: Form, data: Record<string, unknown>, field: string): string[] {
  const schema = { type: 'object', properties: form.schema.properties, required: form.schema.required ?? [] } as RJSFSchema;
  const { errors } = huoyunValidator.validateFormData(data, schema, undefined, createTransformErrors(schema));
  return errors.filter((e) => (e.property ?? '').replace(/^\./, '').split('.')[0] === field).map((e) => e.message ?? '');
}

function serverMessage(form: Form, data: Record<string, unknown>, field: string): string | undefined {
  // Only this field's rules, as the server (which stops at its first error) would meet them.
  const one = { type: 'object', properties: { [field]: form.schema.properties[field] }, required: (form.schema.required ?? []).filter((f) => f === field) };
  const validate = ajv.compile(one);
  if (validate(data)) return undefined;
  return describeErrors(validate.errors ?? [], one)[0]?.message;
}

/** What is wrong with a message a user would read; every form is walked before the test fails. */
function faultOf(message: string | undefined, title: string): string | undefined {
  if (!message) return 'no message';
  if (!CHINESE.test(message)) return `not Chinese: ${message}`;
  if (JARGON.test(message)) return `jargon: ${message}`;
  if (!message.includes(fieldNameOf(title))) return `does not name ${fieldNameOf(title)}: ${message}`;
  return undefined;
}

function checkForm(form: Form, faults: string[]) {
  let checked = 0;
  for (const [field, s] of Object.entries(form.schema.properties)) {
    const title = s.title;
    const where = `${form.source} ${field}`;
    // A form field without a title would be named by its key: a user never sees one.
    if (!(typeof title === 'string' && CHINESE.test(title))) {
      faults.push(`${where}: no Chinese title`);
      continue;
    }
    const cases: Record<string, unknown>[] = [];
    const wrong = wrongType(s);
    if (wrong !== undefined) cases.push({ [field]: wrong });
    if (typeof s.maxLength === 'number' && typesOf(s).includes('string')) cases.push({ [field]: '货'.repeat(s.maxLength + 1) });
    if ((form.schema.required ?? []).includes(field)) cases.push({});
    for (const data of cases) {
      const shown = browserMessages(form, data, field);
      const sent = JSON.stringify(data).slice(0, 30);
      if (shown.length !== 1) faults.push(`${where} ${sent}: ${shown.length} messages in the browser ${shown.join(' | ')}`);
      const browser = faultOf(shown[0], title);
      if (browser) faults.push(`${where} ${sent} (browser): ${browser}`);
      const server = faultOf(serverMessage(form, data, field), title);
      if (server) faults.push(`${where} ${sent} (server): ${server}`);
      checked++;
    }
  }
  return checked;
}

describe('field messages speak to people', () => {
  const registry = loadRegistry();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("every resource's save fields", () => {
    let checked = 0;
    const faults: string[] = [];
    for (const [id, res] of registry.resources) checked += checkForm({ source: `resource ${id}`, schema: saveSchema(res) as Form['schema'] }, faults);
    expect(faults).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 120_000); // walks every resource's save fields: 39 s at load 10, over the 30 s default

  it('every form page as the administrator gets it (resource and action forms)', async () => {
    const admin = await t.as('admin');
    let checked = 0;
    const faults: string[] = [];
    for (const [id, page] of registry.pages) {
      if (page.kind !== 'form') continue;
      const composed = (await admin.get(`/ui/pages/${id}`)).result;
      if (!composed?.formSchema) continue;
      checked += checkForm({ source: `page ${id}`, schema: composed.formSchema }, faults);
    }
    expect(faults).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 120_000); // every form page of the catalogue, which grows with each resource: over 30 s on a loaded machine

  it('a number field says so, once, in the words of its label', () => {
    const vehicle = saveSchema(registry.resources.get('vehicle')!) as Form['schema'];
    const form = { source: 'vehicle', schema: vehicle };
    expect(browserMessages(form, { loadWeight: 'abc' }, 'loadWeight')).toEqual(['载重：请输入数字']);
    expect(browserMessages(form, { volume: -1 }, 'volume')).toEqual(['容积：请输入整数部分最多4位、最多2位小数的正数']);
    expect(serverMessage(form, { loadWeight: 'abc' }, 'loadWeight')).toBe('载重：请输入数字');
    expect(browserMessages(form, { dataterminalId: '终端-1' }, 'dataterminalId')).toEqual(['终端号只能由字母和数字组成']);
    expect(browserMessages(form, { engineNo: '发动机-1' }, 'engineNo')).toEqual(['发动机号：请输入正确的发动机号']);
  });
});
