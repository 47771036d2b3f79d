// The contract's own actions (docs/settlement.md "Contracts"): 终止 (terminate) and 复制合同
// (copyContract). Both are writes of the resource engine, so they keep its checks, its version check
// and its history: a termination is an update of the read-only termination columns (refused by the
// contract's hook where it does not apply), a copy a save of the contract and of each of its rules,
// in one transaction.
import type { SessionUser } from '../../http/context.ts';
import { failure } from '../../http/envelope.ts';
import { NOT_FOUND, type ResourceEngine } from '../../resources/engine.ts';
import { all, tx } from '../../resources/statements.ts';
import { save, update } from '../../resources/writes.ts';
import { fromColumns } from '../../resources/json-fields.ts';
import { columnOf, ident } from '../../resources/naming.ts';
import { checkCrossFields } from '../../resources/write-checks.ts';

type Rec = Record<string, unknown>;

export interface TerminateInput {
  id: number;
  version: number;
  reason: string;
}

export function terminateContract(engine: ResourceEngine, user: SessionUser, input: TerminateInput) {
  return update(engine, 'contract', user, { id: input.id, version: input.version, terminatedAt: Date.now(), terminateReason: input.reason.trim() });
}

export interface CopyInput {
  id: number;
  contractNo: string;
  contractName?: string;
  signedAt?: number;
  validFrom: number;
  validUntil: number;
}

/** The fields a copy takes from its source: the writable ones, less what the user gives anew. */
const GIVEN = ['contractNo', 'contractName', 'signedAt', 'validFrom', 'validUntil'];

export async function copyContract(engine: ResourceEngine, user: SessionUser, input: CopyInput): Promise<{ id: number; rules: number }> {
  const contract = engine.resource('contract');
  const ruleRes = engine.resource('contractRateRule');
  return tx(engine.db, async () => {
    const source = await engine.find(contract, user, input.id);
    if (!source) throw failure(NOT_FOUND);
    const copy: Rec = {};
    for (const f of Object.keys(contract.schema.properties)) if (!GIVEN.includes(f) && source[f] !== null && source[f] !== undefined) copy[f] = source[f];
    for (const f of GIVEN) if (input[f as keyof CopyInput] !== undefined) copy[f] = input[f as keyof CopyInput];
    copy.contractName ??= source.contractName;
    // The dates are the user's: the contract's own rules between fields judge them.
    checkCrossFields(contract, copy);
    const { id } = await save(engine, 'contract', user, copy);
    const ruleFields = Object.keys(ruleRes.schema.properties).filter((f) => f !== 'contractId');
    const rules = fromColumns(ruleRes, await all<Rec>(engine.db,
      `SELECT ${ruleFields.map((f) => `${ident(columnOf(f))} AS ${ident(f)}`).join(', ')} FROM contract_rate_rules
        WHERE corp_id = ? AND contract_id = ? AND is_deleted = 0 ORDER BY id`, user.corpId, input.id));
    for (const rule of rules) {
      const body: Rec = { contractId: id };
      for (const [f, v] of Object.entries(rule)) if (v !== null && v !== undefined) body[f] = v;
      await save(engine, 'contractRateRule', user, body);
    }
    return { id, rules: rules.length };
  });
}
