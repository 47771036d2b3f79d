// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../env/api-client.ts';
import { FormPage } from './form-page.tsx';
import { vehiclePage } from './test-page.ts';
import { fakeEnv, wrap } from './test-env.tsx';

afterEach(cleanup);

const dictionary = [{ id: 0, label: '停用', disabled: false }, { id: 1, label: '启用', disabled: false }];
const carriers = { data: [{ id: 2, carrierName: '顺丰物流' }, { id: 5, carrierName: '德邦物流' }], totalRecords: 2 };
const record = { id: 7, version: 3, vehicleNo: '京A12345', carrierId: 2, carrierName: '顺丰物流', status: 1, loadWeight: 12.5, remark: '旧备注' };

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: '保 存' }));

describe('FormPage', () => {
  it('shows the server\'s Chinese messages on blur and on save, and nothing in English', async () => {
    const env = fakeEnv({ '/baseDictionary/findByDicTypeKey': dictionary, '/res/carrier/list': carriers });
    const { container } = render(wrap(<FormPage page={vehiclePage()} env={env} context={{}} />));
    expect(screen.getByRole('button', { name: '取 消' })).toBeTruthy();

    fireEvent.change(input('车牌号'), { target: { value: '京A1234' } });
    fireEvent.blur(input('车牌号'));
    expect(await screen.findByText('车牌号：请输入正确的车牌号')).toBeTruthy();
    // Fields the user has not reached yet are not flagged by a blur elsewhere.
    expect(screen.queryByText('承运商不能为空')).toBeNull();

    save();
    expect(await screen.findByText('承运商不能为空')).toBeTruthy();
    fireEvent.change(input('车牌号'), { target: { value: '' } });
    fireEvent.blur(input('车牌号'));
    expect(await screen.findByText('车牌号不能为空')).toBeTruthy();
    expect(env.api.post).not.toHaveBeenCalledWith('/res/vehicle/save', expect.anything());
    expect(container.textContent).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('adds with only the form\'s fields and goes back', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const env = fakeEnv({ '/baseDictionary/findByDicTypeKey': dictionary, '/res/carrier/list': carriers, '/res/vehicle/save': { id: 9 } });
    render(wrap(<FormPage page={vehiclePage()} env={env} context={{}} />));
    fireEvent.change(input('车牌号'), { target: { value: '京A12345' } });
    fireEvent.click(input('承运商'));
    fireEvent.click(await screen.findByRole('option', { name: '德邦物流' }, { timeout: 10000 }));
    fireEvent.change(input('载重'), { target: { value: '3.5' } });
    save();
    await waitFor(() => expect(env.notify.success).toHaveBeenCalledWith('保存成功'));
    expect(env.api.post).toHaveBeenCalledWith('/res/vehicle/save', { vehicleNo: '京A12345', carrierId: 5, loadWeight: 3.5 });
    expect(back).toHaveBeenCalled();
    back.mockRestore();
  });

  it('loads the record and updates with id, version and only the changed fields', async () => {
    const onDone = vi.fn();
    const env = fakeEnv({
      '/res/vehicle/detail': record,
      '/baseDictionary/findByDicTypeKey': dictionary,
      '/res/carrier/list': carriers,
      '/res/vehicle/update': { id: 7, version: 4 },
    });
    render(wrap(<FormPage page={vehiclePage('update')} env={env} context={{ id: '7', onDone, inDialog: true }} />));
    await waitFor(() => expect(input('车牌号').value).toBe('京A12345'));
    expect(env.api.get).toHaveBeenCalledWith('/res/vehicle/detail', { id: '7' });
    // The reference shows the label the detail carries; the dictionary its label.
    expect(input('承运商').value).toBe('顺丰物流');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /状态/ }).textContent).toContain('启用'));

    fireEvent.change(input('备注'), { target: { value: '' } });
    fireEvent.change(input('载重'), { target: { value: '20' } });
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(env.api.post).toHaveBeenCalledWith('/res/vehicle/update', { id: 7, version: 3, loadWeight: 20, remark: null });
    expect(env.notify.success).toHaveBeenCalledWith('保存成功');
  });

  it('marks the field a code-100 answer names, until it is edited', async () => {
    const env = fakeEnv({
      '/res/vehicle/detail': record,
      '/baseDictionary/findByDicTypeKey': dictionary,
      '/res/carrier/list': carriers,
      '/res/vehicle/update': () => {
        throw new ApiError(100, '车牌号已存在', { field: 'vehicleNo' });
      },
    });
    render(wrap(<FormPage page={vehiclePage('update')} env={env} context={{ id: '7', inDialog: true }} />));
    await waitFor(() => expect(input('车牌号').value).toBe('京A12345'));
    fireEvent.change(input('车牌号'), { target: { value: '京B12345' } });
    await act(async () => save());
    expect(await screen.findByText('车牌号已存在')).toBeTruthy();
    expect(env.api.post).toHaveBeenCalledWith('/res/vehicle/update', { id: 7, version: 3, vehicleNo: '京B12345' });
    fireEvent.change(input('车牌号'), { target: { value: '京B12346' } });
    await waitFor(() => expect(screen.queryByText('车牌号已存在')).toBeNull());
  });

  it('offers the upload widget to uiSchemas and saves the uploaded files', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ code: 1, message: '', result: [{ fileUrl: '/f/1', fileName: '行驶证.png', fileId: 'f1' }] })));
    vi.stubGlobal('fetch', fetch);
    const page = vehiclePage();
    const file = { type: 'object', properties: { url: { type: 'string' }, name: { type: 'string' }, uid: { type: 'string' } } };
    page.form = { fields: ['vehicleNo', 'carrierId', 'photos'], uiSchema: { photos: { 'ui:widget': 'upload', 'ui:options': { maxFiles: 3 } } } };
    page.formSchema!.properties.photos = { title: '证件照片', type: ['array', 'null'], items: file };
    const env = fakeEnv({ '/res/carrier/list': carriers, '/res/vehicle/save': { id: 1 } });
    render(wrap(<FormPage page={page} env={env} context={{ inDialog: true }} />));
    expect(screen.getByText('证件照片')).toBeTruthy();
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['x'], '行驶证.png')] } });
    expect(await screen.findByAltText('行驶证.png')).toBeTruthy();
    expect(String(fetch.mock.calls[0][0])).toContain('/api3/COMMON-MODULE-BASE-FILE-PROCESSOR-WEB/api/upload/fildUploadPublicByInputStream');
    fireEvent.change(input('车牌号'), { target: { value: '京A12345' } });
    fireEvent.click(input('承运商'));
    fireEvent.click(await screen.findByRole('option', { name: '顺丰物流' }, { timeout: 10000 }));
    save();
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/res/vehicle/save', expect.objectContaining({ photos: [expect.objectContaining({ url: '/f/1', name: '行驶证.png' })] })));
    vi.unstubAllGlobals();
  });

  it('cancels back to the opener', async () => {
    const onDone = vi.fn();
    const env = fakeEnv({ '/baseDictionary/findByDicTypeKey': dictionary });
    render(wrap(<FormPage page={vehiclePage()} env={env} context={{ onDone, inDialog: true }} />));
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });
});
