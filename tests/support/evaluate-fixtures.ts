// Baselines of the 服务评价 routes for tests/bad-input.test.ts, and what each accepts as given.
import type { TestApp } from './test-app.ts';

type Row = Record<string, unknown>;

export async function evaluateFixtures(_t: TestApp) {
  const bodies: Record<string, Row> = {
    '/evaluate/saveEvaluateSetting': { questions: [{ title: '准时送达', kind: 'star', required: false, sort: 1, enabled: true }] },
    '/evaluate/listEvaluationReport': { curPage: 1, pageSize: 20 },
    '/evaluate/listServiceEvaluationSummary': { curPage: 1, pageSize: 20 },
  };
  const searched = 'a waybill number searched for: such text matches no waybill (the value is bound, never SQL)';
  const acceptedText: Record<string, string> = {
    '/evaluate/listEvaluationReport waybillNo': searched,
    '/evaluate/listServiceEvaluationSummary waybillNo': searched,
  };
  const acceptedNull: Record<string, string> = {
    '/evaluate/saveEvaluateSetting businessType': 'null is the corporation-wide setting (no business type)',
  };
  return { bodies, acceptedText, acceptedNull };
}
