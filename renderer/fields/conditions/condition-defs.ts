// What the condition editor offers, from the server (docs/rules.md): a rule type's condition fields
// (GET /delegate/listConditionDefine?ruleType=) and the operators (GET /delegate/listOperator), each
// fetched once per env, and the options of a field whose values are codes (a dictionary or records).
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { loadDictionary } from '../dictionaries.ts';
import { fetchReferenceOptions } from '../reference-options.ts';

export interface ConditionFieldDef {
  key: string;
  title: string;
  kind: 'number' | 'text' | 'code';
  dictionary?: string;
  reference?: string;
  referenceLabel?: string;
  unit?: string;
  operators: string[];
}

export interface OperatorDef {
  key: string;
  label: string;
  arity: 'one' | 'list' | 'pair' | 'none';
}

export interface ConditionDefs {
  fields: ConditionFieldDef[];
  operators: OperatorDef[];
}

export interface CodeOption {
  value: number | string;
  label: string;
}

const cache = new WeakMap<Env['api'], Map<string, Promise<ConditionDefs>>>();

function load(env: Env, ruleType: string): Promise<ConditionDefs> {
  let byType = cache.get(env.api);
  if (!byType) cache.set(env.api, (byType = new Map()));
  let pending = byType.get(ruleType);
  if (!pending) {
    pending = Promise.all([
      env.api.get<ConditionFieldDef[]>('/delegate/listConditionDefine', { ruleType }),
      env.api.get<OperatorDef[]>('/delegate/listOperator'),
    ]).then(([fields, operators]) => ({ fields: fields ?? [], operators: operators ?? [] }));
    pending.catch(() => byType.delete(ruleType));
    byType.set(ruleType, pending);
  }
  return pending;
}

export function useConditionDefs(env: Env, ruleType: string): ConditionDefs | null {
  const [defs, setDefs] = useState<ConditionDefs | null>(null);
  useEffect(() => {
    let live = true;
    load(env, ruleType).then((d) => live && setDefs(d), () => undefined);
    return () => {
      live = false;
    };
  }, [env, ruleType]);
  return defs;
}

/** The values a code field may take, with their labels. */
export function useCodeOptions(env: Env, field: ConditionFieldDef | undefined): CodeOption[] {
  const [options, setOptions] = useState<CodeOption[]>([]);
  useEffect(() => {
    let live = true;
    const done = (o: CodeOption[]) => live && setOptions(o);
    if (field?.dictionary) loadDictionary(env, field.dictionary).then((items) => done(items.map((i) => ({ value: i.id, label: i.label }))), () => undefined);
    else if (field?.reference) {
      const labelKey = field.referenceLabel ?? 'name';
      fetchReferenceOptions(env.api, { list: `/res/${field.reference}/list`, labelKey, silent: true }, '')
        .then((rows) => done(rows.map((r) => ({ value: r.id, label: r.label }))), () => undefined);
    } else done([]);
    return () => {
      live = false;
    };
  }, [env, field]);
  return options;
}
