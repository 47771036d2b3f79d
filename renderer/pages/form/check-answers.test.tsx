// @vitest-environment jsdom
// The check answering dialog (transport/waybill-check-answer): the questions of the check the waybill is
// held at, answered as [{seq, answer}] — 是/否 as 1/0, numbers as numbers — and sent with the waybill and
// the check type to waybill/check/flag.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { WidgetProps } from '@rjsf/utils';
import type { PageSchema } from '../page-types.ts';
import { CheckAnswersWidget } from './check-answers-widget.tsx';
import { FormPage } from './form-page.tsx';
import { fakeEnv, wrap } from './test-env.tsx';
import checkPage from '../../../schemas/pages/transport/waybill-check-answer.json';

afterEach(cleanup);

// As the registry gives the page the flag route's input (server/routes/rules-check.ts).
const page = {
  ...checkPage,
  formSchema: {
    type: 'object', required: ['waybillId', 'checkType', 'answers'],
    properties: {
      waybillId: { title: '运单', type: 'integer', minimum: 1 },
      checkType: { title: '检查类型', type: 'integer', enum: [1, 2, 3], 'x-dictionary': 'checkType' },
      answers: {
        title: '答案', type: 'array', minItems: 1, maxItems: 30,
        items: { type: 'object', additionalProperties: false, required: ['seq'], properties: {
          seq: { title: '题号', type: 'integer', minimum: 1, maximum: 30 },
          answer: { title: '答案', type: ['number', 'string', 'null'], maxLength: 200, minimum: -1_000_000, maximum: 1_000_000 },
        } },
      },
    },
  },
} as unknown as PageSchema;

const node = {
  waybillId: 7, waybillNo: 'YD7', vehicleNo: '粤E13V53', checkTypeStr: '入厂检查', ruleName: '冷冻品入厂检查', checkStatus: 2,
  pending: { checkType: 1, checkTypeStr: '入厂检查', ruleName: '冷冻品入厂检查', questions: [
    { seq: 1, question: '车厢是否清洁', answerKind: 1, required: true, expected: '是' },
    { seq: 2, question: '预冷温度', answerKind: 2, unit: '℃', required: true, expected: '≤ -15 ℃' },
  ] },
  answered: [],
};

it('asks the held check\'s questions and sends the answers with the waybill and the check type', async () => {
  const onDone = vi.fn();
  const env = fakeEnv({ '/waybill/check/node': node, '/waybill/check/flag': { passed: true } });
  render(wrap(<FormPage page={page} env={env} context={{ id: '7', inDialog: true, onDone }} />));
  expect(await screen.findByText('冷冻品入厂检查')).toBeTruthy();
  fireEvent.click(await screen.findByRole('radio', { name: '是' }));
  fireEvent.change(screen.getByRole('textbox', { name: '预冷温度' }), { target: { value: '-18' } });
  expect(screen.getByText('通过：≤ -15 ℃')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '保 存' }));
  await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/waybill/check/flag', { waybillId: 7, checkType: 1, answers: [{ seq: 1, answer: 1 }, { seq: 2, answer: -18 }] }));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
});

// On a busy machine the form may not have re-rendered with the first answer when the second is given: the
// widget is held at the form's first value here, and its last change must still carry both answers.
it('keeps the first answer when the second comes before the form has re-rendered', async () => {
  const onChange = vi.fn();
  const env = fakeEnv({ '/waybill/check/node': node });
  const registry = { formContext: { env, recordId: '7' } } as unknown as WidgetProps['registry'];
  const props = { id: 'answers', name: 'answers', value: [{}], onChange, registry } as unknown as WidgetProps;
  render(wrap(<CheckAnswersWidget {...props} />));
  fireEvent.click(await screen.findByRole('radio', { name: '是' }));
  fireEvent.change(screen.getByRole('textbox', { name: '预冷温度' }), { target: { value: '-18' } });
  expect(onChange).toHaveBeenLastCalledWith([{ seq: 1, answer: 1 }, { seq: 2, answer: -18 }]);
});
