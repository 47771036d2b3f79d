// 服务评价 (docs/api.md "Service comment"): the setting of the questions an evaluation asks
// (getEvaluateSetting, saveEvaluateSetting; every save a new version), and the two reports whose
// columns follow those questions (listEvaluationReport + getEvaluateColumn, listServiceEvaluationSummary
// + getServiceEvaluationSummaryColumn). The pages name the column calls as `columnsFrom`.
import type { Conn } from '../db/connection.ts';
import { route, type RouteDef } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import type { Registry } from '../registry/types.ts';
import { saveSetting, saveSettingInput, settingForEdit, QUESTION_KINDS, type SettingInput } from '../domain/evaluation/setting.ts';
import { detailColumns, evaluationDetails, evaluationSummary, summaryColumns, type ReportSearch } from '../domain/evaluation/reports.ts';

export const EVALUATE_SETTING_OP = 'evaluateSetting3';
export const EVALUATE_SUMMARY_OP = 'evaluateSummary3';
export const EVALUATE_REPORT_OP = 'evaluateReport3';

const MAX_TIME = 253_402_300_799_999;
const NO_INPUT = { type: 'object', additionalProperties: false };
const { curPage, pageSize } = pagingProperties([]);
const searchInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    waybillNo: { title: '运单号', type: 'string', maxLength: 50 },
    carrierId: { title: '承运商', type: 'integer', minimum: 1 },
    businessType: { title: '业务类型', type: 'integer', minimum: 1, maximum: 99 },
    evaluatedAt: { title: '评价时间', type: 'array', minItems: 2, maxItems: 2, items: { title: '评价时间', type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME } },
  },
};

export function evaluateRoutes(conn: Conn, _registry: () => Registry): RouteDef[] {
  return [
    route<{ businessType?: string }>({
      method: 'GET', path: '/evaluate/getEvaluateSetting', access: { anyOf: [EVALUATE_SETTING_OP] },
      input: { type: 'object', additionalProperties: false, properties: { businessType: { title: '业务类型', type: 'string', pattern: '^[1-9][0-9]?$' } } },
      handler: async ({ user, body }) => {
        staffOnly(user);
        const s = await settingForEdit(conn, user.corpId, body.businessType === undefined ? null : Number(body.businessType));
        return { ...s, kinds: Object.entries(QUESTION_KINDS).map(([value, label]) => ({ value, label })) };
      },
    }),
    route<SettingInput>({
      method: 'POST', path: '/evaluate/saveEvaluateSetting', access: { anyOf: [EVALUATE_SETTING_OP] }, input: saveSettingInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return saveSetting(conn, user, body);
      },
    }),
    route({ method: 'GET', path: '/evaluate/getEvaluateColumn', access: { anyOf: [EVALUATE_REPORT_OP] }, input: NO_INPUT, handler: ({ user }) => detailColumns(conn, user) }),
    route({ method: 'GET', path: '/evaluate/getServiceEvaluationSummaryColumn', access: { anyOf: [EVALUATE_SUMMARY_OP] }, input: NO_INPUT, handler: ({ user }) => summaryColumns(conn, user) }),
    route<ReportSearch>({ method: 'POST', path: '/evaluate/listEvaluationReport', access: { anyOf: [EVALUATE_REPORT_OP] }, input: searchInput, handler: ({ user, body }) => evaluationDetails(conn, user, body) }),
    route<ReportSearch>({ method: 'POST', path: '/evaluate/listServiceEvaluationSummary', access: { anyOf: [EVALUATE_SUMMARY_OP] }, input: searchInput, handler: ({ user, body }) => evaluationSummary(conn, user, body) }),
  ];
}
