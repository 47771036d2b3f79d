// Checks a page action's applicability declaration at load: `state` names an action its machine
// knows, `when` (and each `when` of a batch action's `calls`) names fields the page's rows carry and
// values of their dictionaries, never both;
// and the states a machine derives are codes of the page's own status dictionary, so a page can
// never offer an action in a state the server does not know. Messages name the allowed values.
import { resolveExtends } from './compose.ts';
import { readableFields } from './fields.ts';
import { availableWhen, gatesOfWhen, machineActions, type RowGate, type StateMachine } from './route-shapes.ts';
import type { Action, PageFile, Registry } from './types.ts';

type Fail = (pointer: string, detail: string) => never;

/** The fields a list page's rows carry, each with the dictionary its values come from (if any). */
function rowFields(reg: Registry, page: PageFile): Map<string, string | undefined> {
  const whole = resolveExtends(reg, page.id) ?? page;
  const fields = new Map<string, string | undefined>([['id', undefined]]);
  const add = (field: string, dict?: string) => fields.set(field, dict ?? fields.get(field));
  const res = whole.resource ? reg.resources.get(whole.resource) : undefined;
  if (res) for (const [f, s] of Object.entries(readableFields(res))) add(f, (s as { 'x-dictionary'?: string })['x-dictionary']);
  for (const c of [...(whole.columns ?? []), ...(whole.search ?? [])]) add(c.field, c.dictionary as string | undefined);
  const tabs = whole.tabs as { field?: string; dictionary?: string } | undefined;
  if (tabs?.field) add(tabs.field, tabs.dictionary);
  return fields;
}

const shown = (values: readonly unknown[], max = 30) => (values.length > max ? `${values.slice(0, max).join('、')} …` : values.join('、'));

/** `pointer(i)`: where entry i of the gates sits in the file (a machine's derived gates all point at `state`). */
function checkGates(reg: Registry, gates: RowGate[], fields: Map<string, string | undefined>, pointer: (i: number) => string, fail: Fail, derived: boolean) {
  gates.forEach((gate, i) => {
    for (const [field, values] of Object.entries(gate)) {
      const where = derived ? pointer(i) : `${pointer(i)}/${field}`;
      if (!fields.has(field)) {
        if (derived) continue; // a machine's extra fields (a waybill's step) need not be columns
        fail(where, `行上没有字段: ${field}（可用: ${shown([...fields.keys()])}）`);
      }
      const dictName = fields.get(field);
      const dict = dictName ? reg.dictionaries.get(dictName) : undefined;
      if (!dict) continue;
      const codes = dict.items.map((item) => item.id);
      const unknown = values.filter((v) => !codes.includes(v));
      if (unknown.length) {
        const list = dict.items.map((item) => `${item.id} ${item.label}`);
        fail(where, `${derived ? '状态机给出的' : ''}${dict.name}没有编码: ${unknown.join('、')}（可用: ${shown(list)}）`);
      }
    }
  });
}

/** A batch action's `calls`: each entry's `when` is checked like a row action's. */
function checkCallGates(reg: Registry, page: PageFile, action: Action, at: string, fail: Fail) {
  const calls = action.calls as { when?: RowGate }[] | undefined;
  if (!calls) return;
  if (action.placement !== 'batch') fail(`${at}/calls`, '只有批量动作能声明 calls');
  const fields = rowFields(reg, page);
  calls.forEach((c, i) => c.when && checkGates(reg, [c.when], fields, () => `${at}/calls/${i}/when`, fail, false));
}

export function checkActionGates(reg: Registry, page: PageFile, action: Action, index: number, fail: Fail) {
  const at = `/actions/${index}`;
  checkCallGates(reg, page, action, at, fail);
  const state = action.state as { machine: StateMachine; action: string } | undefined;
  const when = action.when as RowGate | RowGate[] | undefined;
  if (state && when) fail(at, '动作不能同时声明 state 和 when：有状态机的动作用 state，其余用 when');
  if (!state && !when) return;
  // Toolbar actions apply to no row; a detail page's record is a row too.
  const kind = (resolveExtends(reg, page.id) ?? page).kind;
  if ((action.placement ?? 'toolbar') === 'toolbar' && kind === 'list') fail(at, '工具栏动作不针对某一行，不能声明 state 或 when');
  const fields = rowFields(reg, page);
  if (state) {
    const known = machineActions(state.machine);
    if (!known.includes(state.action)) fail(`${at}/state/action`, `状态机${state.machine}没有动作: ${state.action}（可用: ${known.join('、')}）`);
    checkGates(reg, availableWhen(state.machine, state.action), fields, () => `${at}/state`, fail, true);
  } else {
    checkGates(reg, gatesOfWhen(when!), fields, (i) => (Array.isArray(when) ? `${at}/when/${i}` : `${at}/when`), fail, false);
  }
}
