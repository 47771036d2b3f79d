// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { carrierPage, carrierRows, enableStatus } from './list-fixture.ts';
import { ListPage } from './list-page.tsx';
import { fakeEnv, renderFluent, stubLayout } from './test-kit.tsx';

beforeAll(() => stubLayout());
it('dict select', async () => {
  const rows = carrierRows(3);
  const fake = fakeEnv({
    'POST /res/carrier/list': () => ({ data: rows, totalRecords: 45 }),
    'POST /res/carrier/count': () => 12,
    'GET /baseDictionary/findByDicTypeKey': () => enableStatus,
  });
  renderFluent(<ListPage page={carrierPage} env={fake.env} context={{}} />);
  await screen.findByText('C0001');
  console.log(JSON.stringify(carrierPage.search));
  fireEvent.click(screen.getByRole('button', { name: '状态' }));
  await new Promise((r) => setTimeout(r, 500));
  console.log(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') + ':' + b.getAttribute('aria-expanded')).join(' | '));
  console.log(document.body.textContent?.slice(0, 600));
  await new Promise((r) => setTimeout(r, 1500));
  const opts = document.querySelectorAll('[role=option]');
  console.log('OPTS', opts.length, [...opts].map((o) => o.outerHTML.replace(/class="[^"]*"/g, '').slice(0, 300)).join('\n'));
  let el: Element | null = opts[0] ?? null;
  while (el) { if (el.getAttribute('aria-hidden')) console.log('HIDDEN', el.tagName, el.getAttribute('aria-hidden')); el = el.parentElement; }
  expect(await screen.findByRole('option', { name: '停用' })).toBeTruthy();
});
