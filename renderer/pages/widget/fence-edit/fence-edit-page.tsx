// 新增/修改电子围栏 (base/area-add, base/area-update?id=): the fence's fields on the left, the map
// on the right with the same edit layer as track playback (FenceEditor: 标点(圆形), 矩形, 多边形,
// 撤销, 坐标校准). A new fence starts as a 200 m circle the user moves, redraws or calibrates. A
// deleted fence opens read-only with the spec's message; the server refuses its save anyway.
import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { Map as MlMap } from 'maplibre-gl';
import type { PageRendererProps } from '../../page-types.ts';
import { MapView } from '../../../map/map-view.tsx';
import type { Datum } from '../../../map/providers.ts';
import type { LngLat } from '../../../map/geometry.ts';
import type { MapFence } from '../../../map/map-model.ts';
import { LOADING_TEXT } from '../../page-host.tsx';
import { centreOfDraft, dragCentre, FENCE_DELETED, pushHistory, ringOf, startDraft, type FenceDraft } from '../../track-playback/fence-edit.ts';
import { FenceEditor } from '../../track-playback/fence-editor.tsx';
import { draftOfStored, EMPTY_FORM, fenceBody, FORM_FIELDS, formErrors, formOf, NEW_FENCE_CENTRE, NO_CUSTOMER, type CustomerOption, type FenceForm, type StoredFence } from './fence-form.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, height: 'calc(100vh - 120px)', minHeight: '520px' },
  body: { display: 'flex', columnGap: tokens.spacingHorizontalM, flexGrow: 1, minHeight: 0 },
  form: { width: '280px', flexShrink: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, overflowY: 'auto' },
  map: { position: 'relative', flexGrow: 1, minHeight: '400px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  buttons: { display: 'flex', columnGap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const NO_FENCES: MapFence[] = [];
/** Opens close enough to drag the shape, far enough to see the district lines and the fences around. */
const OPEN_MAX_ZOOM = 15;
/** A new fence opens farther out: the user first looks for the place, with the district names in view. */
const NEW_MAX_ZOOM = 12;

const contextFence = (f: StoredFence): MapFence => ({ id: `area-${f.areaId}`, ring: ringOf(draftOfStored(f)), name: f.areaName });
const NO_POINTS: never[] = [];

interface Editing {
  draft: FenceDraft;
  history: FenceDraft[];
  drawing: boolean;
}

export function FenceEditPage({ page, env, context }: PageRendererProps) {
  const s = useStyles();
  const areaId = context.id;
  const adding = !areaId;
  const [stored, setStored] = useState<StoredFence | null>(null);
  const [loadError, setLoadError] = useState('');
  const [form, setForm] = useState<FenceForm>(EMPTY_FORM);
  const [touched, setTouched] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(adding ? { draft: startDraft(3, NEW_FENCE_CENTRE), history: [], drawing: false } : null);
  const [drawMap, setDrawMap] = useState<{ map: MlMap; datum: Datum } | null>(null);
  const [locating, setLocating] = useState(false);
  const [others, setOthers] = useState<MapFence[]>(NO_FENCES);
  const [customers, setCustomers] = useState<{ fixed: boolean; customers: CustomerOption[] } | null>(null);

  // 所属客户 is picked from the customers the user may give a fence (a customer user: only its own).
  useEffect(() => {
    let live = true;
    env.api.get<{ fixed: boolean; customers: CustomerOption[] }>('/electronic/areaManage/customers', {}, { silent: true })
      .then((answer) => live && setCustomers(answer), () => live && setCustomers({ fixed: false, customers: [] }));
    return () => {
      live = false;
    };
  }, [env]);

  // The corporation's other fences, drawn with their names around the one edited: the dispatcher sees
  // the neighbouring depots and stores (and the offline basemap is not empty at street level).
  useEffect(() => {
    let live = true;
    env.api.post<StoredFence[]>('/electronic/getAreaLablePosition', {}, { silent: true })
      .then((list) => live && setOthers(list.filter((f) => String(f.areaId) !== areaId).map(contextFence)), () => undefined);
    return () => {
      live = false;
    };
  }, [env, areaId]);

  useEffect(() => {
    if (!areaId) return;
    let live = true;
    env.api.get<StoredFence>('/electronic/getCustomAreaByAreaId', { areaId }, { silent: true }).then((f) => {
      if (!live) return;
      setStored(f);
      setForm(formOf(f));
      setEditing({ draft: draftOfStored(f), history: [], drawing: false });
    }, (e: Error) => live && setLoadError(e.message));
    return () => {
      live = false;
    };
  }, [env, areaId]);

  const deleted = stored?.isDelete === 1;
  const errors = touched ? formErrors(form, adding) : {};
  const backToList = useCallback(() => {
    if (context.onDone) context.onDone(true);
    else env.navigate(context.routeOf?.('base/area-list') ?? '/area');
  }, [context, env]);

  const changeDraft = useCallback((change: (d: FenceDraft) => FenceDraft) => setEditing((e) => {
    if (!e) return e;
    const draft = change(e.draft);
    return draft === e.draft ? e : { ...e, draft, history: pushHistory(e.history, e.draft) };
  }), []);
  const onMapReady = useCallback((map: MlMap | null, datum: Datum) => setDrawMap(map ? { map, datum } : null), []);

  const save = async (draft: FenceDraft): Promise<boolean> => {
    setTouched(true);
    if (deleted) {
      env.notify.error(FENCE_DELETED);
      return false;
    }
    const problems = Object.values(formErrors(form, adding));
    if (problems.length) {
      env.notify.error(problems[0]!);
      return false;
    }
    const path = adding ? '/electronic/areaManage/add' : '/electronic/areaManage/update';
    await env.api.post(path, fenceBody(draft, form, stored), { onSuccessMessage: (m) => env.notify.success(m || '保存成功') });
    return true;
  };

  // 按中心获取地址: the offline reverse geocoder's province, city, district and address at the shape's centre.
  const locate = async () => {
    const c = editing && centreOfDraft(editing.draft);
    if (!c) return env.notify.info('请先在地图上绘制围栏');
    setLocating(true);
    try {
      const p = await env.api.get<{ province?: string; city?: string; district?: string; position?: string }>('/electronic/reverseGeocode', { lon: c[0].toFixed(6), lat: c[1].toFixed(6) });
      setForm((f) => ({ ...f, province: p.province ?? '', city: p.city ?? '', district: p.district ?? '', position: p.position ?? '' }));
    } catch {
      // The client has shown the server's message (e.g. a point abroad); the fields stay as they were.
    } finally {
      setLocating(false);
    }
  };

  if (loadError) return <MessageBar intent="error"><MessageBarBody>{`围栏加载失败：${loadError}`}</MessageBarBody></MessageBar>;
  if (!editing) return <Spinner size="small" label={LOADING_TEXT} />;

  const handle = !editing.drawing && !deleted ? (() => {
    const c = centreOfDraft(editing.draft);
    return c ? { lngLat: c, onDragEnd: (at: LngLat) => changeDraft((d) => dragCentre(d, at)) } : null;
  })() : null;
  const centre = centreOfDraft(editing.draft) ?? NEW_FENCE_CENTRE;
  return (
    <div className={s.page}>
      {!context.inDialog && <Text size={400} weight="semibold">{page.title}</Text>}
      {deleted ? <MessageBar intent="warning"><MessageBarBody>{FENCE_DELETED}</MessageBarBody></MessageBar> : null}
      <div className={s.body}>
        <div className={s.form} role="form" aria-label="围栏信息">
          {FORM_FIELDS.map(({ key, title, max, required }) => (
            <Field key={key} label={title} required={required} size="small" validationMessage={errors[key]}>
              <Input size="small" value={form[key]} maxLength={max} disabled={deleted || (!adding && key === 'areaCode')}
                placeholder={key === 'areaLabel' ? '如 仓库、门店、中转站' : undefined}
                onChange={(_, d) => setForm((f) => ({ ...f, [key]: d.value }))} />
            </Field>
          ))}
          <CustomerPicker choice={customers} value={form.customerId} disabled={deleted} onChange={(customerId) => setForm((f) => ({ ...f, customerId }))} />
          <Text className={s.hint}>地址不填时，保存后按围栏中心自动获取。</Text>
          <div className={s.buttons}>
            <Button size="small" disabled={deleted || locating} onClick={() => void locate()}>按中心获取地址</Button>
            <Button size="small" onClick={backToList}>返回列表</Button>
          </div>
        </div>
        <div className={s.map}>
          {/* A deleted fence is only shown, alone, so the map fits it; a live one is drawn by the edit layer. */}
          <MapView fences={deleted ? [{ id: 'deleted', ring: ringOf(editing.draft), name: form.areaName }] : others} points={NO_POINTS} fitKey={areaId ?? 'new'} ariaLabel="围栏地图" handle={handle} onMapReady={onMapReady}
            initialZoom={15} />
          {deleted ? null : (
            <FenceEditor env={env} fence={{ name: form.areaName || '新围栏', centre }} title={adding ? '新增围栏：在地图上绘制' : `修改围栏：${stored?.areaName ?? ''}`}
              noCancel fitMaxZoom={adding ? NEW_MAX_ZOOM : OPEN_MAX_ZOOM} draft={editing.draft} map={drawMap} undoable={editing.history.length} onSave={save}
              onDraft={(draft) => changeDraft(() => draft)}
              onUndo={() => setEditing((e) => e && e.history.length ? { ...e, draft: e.history[e.history.length - 1], history: e.history.slice(0, -1) } : e)}
              onDrawingChange={(drawing) => setEditing((e) => e && { ...e, drawing })}
              onClose={(saved) => saved && backToList()} />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * 所属客户: staff choose among the corporation's customers or none; a customer user sees its own customer,
 * fixed (the server keeps a customer user's fences its own whatever is sent). Labels only, never an id.
 */
function CustomerPicker({ choice, value, disabled, onChange }: {
  choice: { fixed: boolean; customers: CustomerOption[] } | null; value: string; disabled: boolean; onChange: (id: string) => void;
}) {
  const own = choice?.fixed ? choice.customers[0] : undefined;
  const shown = own ? String(own.id) : value;
  const label = shown ? choice?.customers.find((c) => String(c.id) === shown)?.customerName ?? '' : NO_CUSTOMER;
  return (
    <Field label="所属客户" size="small">
      <Dropdown size="small" aria-label="所属客户" value={choice ? label : LOADING_TEXT} selectedOptions={[shown]} disabled={disabled || !choice || !!choice.fixed}
        onOptionSelect={(_, d) => onChange(d.optionValue ?? '')}>
        {own ? null : <Option value="">{NO_CUSTOMER}</Option>}
        {(choice?.customers ?? []).map((c) => <Option key={c.id} value={String(c.id)}>{c.customerName}</Option>)}
      </Dropdown>
    </Field>
  );
}
