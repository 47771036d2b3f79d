// The proposals of auto-stowage as the 智能配载结果 page lists them (orderStowageTask/autoStowageList).
// Who sees what: the corporation's staff every proposal; a carrier user the proposals of its own
// vehicles (and the orders in them), read-only; a customer user none — a proposal mixes customers'
// orders on one vehicle and is the dispatcher's working plan, not a commitment to the customer.
import type { SessionUser } from '../../../http/context.ts';
import type { Registry } from '../../../registry/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../../resources/input-schemas.ts';
import { formatTime } from '../../../resources/time.ts';
import { labelOf } from '../labels.ts';
import { all, one, type Conn } from '../sql.ts';
import { ProposalStatus } from './auto-run.ts';

export interface ProposalListInput {
  curPage?: number;
  pageSize?: number;
  status?: number[];
  runId?: number;
}

interface Row {
  id: number; proposalNo: string; runId: number; status: number; reason: string | null; ruleId: number | null; ruleName: string | null;
  carrierId: number | null; carrierName: string | null; vehicleId: number | null; vehicleNo: string | null; modelName: string | null;
  totalWeight: number | null; totalVolume: number | null; loadRate: number | null; taskId: number | null; taskNo: string | null;
  version: number; createdAt: number;
}

function visibility(user: SessionUser) {
  if (user.userType === 0) return { sql: 'TRUE', params: [] as unknown[] };
  if (user.userType === 2) return { sql: 'p.carrier_id = ?', params: [user.partnerId ?? -1] };
  return { sql: 'FALSE', params: [] as unknown[] };
}

export async function listProposals(conn: Conn, reg: Registry, user: SessionUser, input: ProposalListInput) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const v = visibility(user);
  const sql = ['p.corp_id = ?', v.sql];
  const params: unknown[] = [user.corpId, ...v.params];
  if (input.status?.length) (sql.push(`p.status IN (${input.status.map(() => '?').join(', ')})`), params.push(...input.status));
  if (input.runId !== undefined) (sql.push('p.run_id = ?'), params.push(input.runId));
  const from = `FROM stowage_proposals p LEFT JOIN vehicles v ON v.id = p.vehicle_id LEFT JOIN car_models m ON m.id = p.car_model_id
    LEFT JOIN carriers c ON c.id = p.carrier_id LEFT JOIN order_stowage_tasks t ON t.id = p.task_id WHERE ${sql.join(' AND ')}`;
  const rows = await all<Row>(conn, `SELECT p.id, p.proposal_no AS "proposalNo", p.run_id AS "runId", p.status, p.reason, p.rule_id AS "ruleId", p.rule_name AS "ruleName",
    p.carrier_id AS "carrierId", c.carrier_name AS "carrierName", p.vehicle_id AS "vehicleId", v.vehicle_no AS "vehicleNo", m.model_name AS "modelName",
    p.total_weight AS "totalWeight", p.total_volume AS "totalVolume", p.load_rate AS "loadRate", p.task_id AS "taskId", t.task_no AS "taskNo",
    p.version, p.created_at AS "createdAt" ${from} ORDER BY p.id DESC LIMIT ? OFFSET ?`, ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n ${from}`, ...params))!;
  const data = [];
  for (const r of rows) {
    const orders = await all<{ orderId: number; orderNo: string; customerName: string }>(conn, `SELECT o.id AS "orderId", o.order_no AS "orderNo", c.customer_name AS "customerName"
      FROM stowage_proposal_orders x JOIN orders o ON o.id = x.order_id JOIN customers c ON c.id = o.customer_id WHERE x.proposal_id = ? ORDER BY x.seq`, r.id);
    const pending = r.status === ProposalStatus.PENDING && user.userType === 0;
    data.push({
      ...r, statusStr: labelOf(reg, 'intelligentGenerationStatus', r.status), createdAtStr: formatTime(r.createdAt),
      orders, orderCount: orders.length, orderNos: orders.map((o) => o.orderNo).join(','),
      // The actions the row offers: only a pending proposal is adopted or rejected, by staff.
      canAdopt: pending, canReject: pending,
    });
  }
  return { data, totalRecords: n, curPage, pageSize };
}
