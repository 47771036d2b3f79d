// docs/configurator.md carries the catalogue of tables and columns report files may name; it is
// generated from the drizzle schema (npm run gen:catalogue) and this test fails when it is stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueSection, GUIDE, guideWithCatalogue } from '../scripts/gen-report-catalogue.ts';

describe('the configurator guide', () => {
  it('carries the current catalogue of tables and columns (run npm run gen:catalogue when this fails)', () => {
    const text = readFileSync(GUIDE, 'utf8');
    expect(text).toContain(catalogueSection());
    expect(guideWithCatalogue(text)).toBe(text);
  });

  it('lists the columns a report may use and never the secret ones', () => {
    const section = catalogueSection();
    expect(section).toContain('| `waybill_day_stats` |');
    expect(section).toMatch(/\| `carriers` \| [^|]*\| .*`carrier_name` text/);
    expect(section).not.toContain('password_hash');
    expect(section).not.toContain('`sessions`');
  });
});
