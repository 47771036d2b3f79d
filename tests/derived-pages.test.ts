// A plain entity's pages come from its resource file (server/registry/derived-pages.ts): the car
// model has no page files, yet its five pages are there, as the menus and the console expect them;
// a page file of the same id replaces the derived page; references and dictionaries are shown by
// their labels and searched with selects.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivedPages, operationsByPage } from '../server/registry/derived-pages.ts';
import { loadRegistry, SCHEMAS_DIR } from '../server/registry/load.ts';
import { createTestApp } from './support/test-app.ts';

const registry = loadRegistry();

describe('pages derived from a resource', () => {
  it('gives the car model its list, add, update, detail and history pages without page files', () => {
    const list = registry.pages.get('base/carModel-list')!;
    expect(list).toMatchObject({ title: '车型管理', kind: 'list', resource: 'carModel' });
    expect(list.columns!.map((c) => c.field)).toEqual(['modelName', 'lengthM', 'loadWeightT', 'volumeM3', 'remark', 'updatedAtStr']);
    expect(list.columns![0]).toMatchObject({ fixed: 'left', sortable: true });
    expect(list.search!.map((c) => [c.field, c.widget])).toEqual([['modelName', 'text'], ['updatedAt', 'dateRange']]);
    // The operation ids the menus grant.
    expect(list.actions!.map((a) => [a.id, a.operationId])).toEqual([
      ['add', 'carModelAdd3'], ['import', 'carModelAdd3'], ['delete', 'carModelDelete3'], ['detail', 'carModelDetail3'], ['update', 'carModelUpdate3'], ['record', 'carModelRecord3'],
    ]);
    // 导入 opens the import dialog of the resource itself.
    expect(list.actions!.find((a) => a.id === 'import')).toMatchObject({ label: '导入', placement: 'toolbar', import: 'carModel' });
    expect(registry.pages.get('base/carModel-add')).toMatchObject({ title: '新增车型', form: { fields: ['modelName', 'lengthM', 'loadWeightT', 'volumeM3', 'remark'] } });
    expect(registry.pages.get('base/carModel-update')).toMatchObject({ title: '修改车型', extends: 'base/carModel-add' });
    expect(registry.pages.get('base/carModel-detail')).toMatchObject({ title: '车型详情' });
    expect(registry.pages.get('base/carModel-history')).toMatchObject({ title: '车型修改记录', kind: 'history' });
  });

  it('serves the derived pages to the console like any page', async () => {
    const t = await createTestApp();
    const admin = await t.as('admin');
    const page = await admin.get('/ui/pages/base/carModel-list');
    expect(page.code, page.message).toBe(1);
    expect(page.result.title).toBe('车型管理');
    expect(page.result.columns.map((c: { title: string }) => c.title)).toContain('载重(吨)');
  });

  it('shows a reference by its label and searches references and dictionaries with selects', () => {
    const vehicle = registry.resources.get('vehicle')!;
    const [list, , , detail] = derivedPages(vehicle, { folder: 'base', listFields: ['vehicleNo', 'carrierId', 'status'] }, operationsByPage(registry.menus as never));
    expect(list.columns!.map((c) => [c.field, c.title, c.dictionary])).toEqual([
      ['vehicleNo', '车牌号', undefined], ['carrierName', '承运商', undefined], ['status', '状态', 'enableStatus'], ['updatedAtStr', '更新时间', undefined],
    ]);
    expect(list.search!.find((c) => c.field === 'carrierId')).toEqual({ field: 'carrierId', label: '承运商', widget: 'select' });
    expect(list.search!.find((c) => c.field === 'status')).toEqual({ field: 'status', label: '状态', widget: 'select', dictionary: 'enableStatus' });
    expect((detail.sections as { fields: string[] }[])[0].fields).toContain('carModelName');
  });

  it('lets a page file replace the derived page of the same id', () => {
    const root = mkdtempSync(join(tmpdir(), 'huoyun-schemas-'));
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    writeFileSync(join(root, 'pages', 'base', 'carModel-detail.json'), JSON.stringify({
      id: 'base/carModel-detail', title: '车型资料', kind: 'detail', resource: 'carModel',
      sections: [{ title: '尺寸', fields: ['lengthM', 'volumeM3'] }], api: { detail: { method: 'GET', path: '/res/carModel/detail' } },
    }));
    const own = loadRegistry(root);
    expect(own.pages.get('base/carModel-detail')).toMatchObject({ title: '车型资料', sections: [{ title: '尺寸' }] });
    expect(own.pages.get('base/carModel-list')!.title).toBe('车型管理');
  });

  it('gives the entity its menu entry, whose operations open the derived pages, and grants it with the module', async () => {
    const base = registry.menus.find((m) => m.menuKey === 'baseData')!;
    const entry = base.children!.find((m) => m.menuKey === 'packageInfo')!;
    expect(entry).toMatchObject({ title: '包装管理', url: '/packageInfo' });
    expect(entry.operations!.map((o) => [o.operationId, o.operationName, o.jsPath])).toEqual([
      ['packageInfo3', '包装管理', 'base/packageInfo-list'], ['packageInfoAdd3', '新增包装', 'base/packageInfo-add'],
      ['packageInfoUpdate3', '修改包装', 'base/packageInfo-update'], ['packageInfoDetail3', '包装详情', 'base/packageInfo-detail'],
      ['packageInfoRecord3', '包装修改记录', 'base/packageInfo-history'], ['packageInfoDelete3', '删除包装', undefined],
    ]);
    // The dispatcher's grant of the base-data module reaches the derived entry: the side menu shows it.
    const t = await createTestApp();
    const dispatcher = await t.as('dispatcher');
    const tree = await dispatcher.post('/menu/menuTree', {});
    expect(JSON.stringify(tree.result)).toContain('包装管理');
    const listed = await dispatcher.post('/res/packageInfo/list', {});
    expect(listed.code, listed.message).toBe(1);
  });

  it('refuses a resource whose module is no menu', () => {
    const root = mkdtempSync(join(tmpdir(), 'huoyun-schemas-'));
    cpSync(SCHEMAS_DIR, root, { recursive: true });
    const file = join(root, 'resources', 'packageInfo.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.pages.module = 'noSuchModule';
    writeFileSync(file, JSON.stringify(doc));
    expect(() => loadRegistry(root)).toThrow('/resources/packageInfo.json /pages/module: 没有这个菜单: noSuchModule');
  });
});
