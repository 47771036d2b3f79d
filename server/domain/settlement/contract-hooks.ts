// Rules of a contract beyond its resource file (docs/settlement.md "Contracts"): its status is worked
// out from its dates (server/resources/computed.ts); a terminated contract no longer changes, an
// expired one cannot be terminated; its rate rules carry its parties so that partner users see the
// rules of their own contracts only.
import { failure } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { run, type Conn } from '../../resources/statements.ts';

/** schemas/dictionaries/contractStatus.json */
export const CONTRACT_STATUS = { ACTIVE: 1, PENDING: 2, EXPIRED: 3, TERMINATED: 99 } as const;

export const TERMINATED_REFUSAL = '合同已终止，不能再修改或终止';
export const EXPIRED_REFUSAL = '合同已到期，不能终止';

export function contractHooks(conn: Conn): ResourceHooks {
  return {
    beforeUpdate(_ctx, changes, existing) {
      if (existing.status === CONTRACT_STATUS.TERMINATED) throw failure(TERMINATED_REFUSAL);
      if ('terminatedAt' in changes && existing.status === CONTRACT_STATUS.EXPIRED) throw failure(EXPIRED_REFUSAL);
    },
    async afterWrite({ user }, id, extras) {
      if (!('customerId' in extras) && !('carrierId' in extras)) return;
      // The rules follow their contract's parties (a contract's customer or carrier changed).
      await run(conn,
        `UPDATE contract_rate_rules SET customer_id = (SELECT customer_id FROM contracts WHERE id = ?), carrier_id = (SELECT carrier_id FROM contracts WHERE id = ?)
          WHERE corp_id = ? AND contract_id = ?`, id, id, user.corpId, id);
    },
  };
}
