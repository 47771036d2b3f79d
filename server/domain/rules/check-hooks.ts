// The check rule resource's own hooks, beside the versions every rule keeps (versions.ts): the questions
// checked as a list (check-questions.ts) and put in words wherever a rule is read.
import type { ResourceHooks } from '../../resources/hooks.ts';
import { checkQuestions, describeQuestions } from './check-questions.ts';
import type { CheckQuestion } from './types/check.ts';

const questionsOf = (row: Record<string, unknown>): CheckQuestion[] => {
  const v = row.questions;
  return Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : [];
};

export const checkRuleHooks: ResourceHooks = {
  beforeInsert: async (_ctx, record) => checkQuestions(record.questions as CheckQuestion[] | undefined),
  beforeUpdate: async (_ctx, changes) => checkQuestions(changes.questions as CheckQuestion[] | undefined),
  afterList: async (rows) => {
    for (const row of rows) row.questionsText = describeQuestions(questionsOf(row));
  },
  afterRead: async (row) => {
    row.questionsText = describeQuestions(questionsOf(row));
  },
};
