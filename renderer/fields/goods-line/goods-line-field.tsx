// One order goods line (`"ui:field": "goodsLine"` on the items of an order's goods): the 货品 picked
// from the catalogue (searched by code or name, narrowed by category), its quantity, and the unit,
// weight and volume the catalogue gives it, shown as the server will store them. Where the
// corporation allows hand-typed lines (goodsSetting.freeText), 手工填写 switches the line to
// name, code, unit, weight and volume inputs; otherwise only the picker is offered.
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { freeTextGoodsAllowed, lineVolume, lineWeight } from '../../../schemas/keywords/goods-amounts.ts';
import { parseNumberText } from '../number-widget.tsx';
import { formContextOf } from '../form-context.ts';
import { useCorpSettings } from './corp-settings.ts';
import { catalogueGoodsByCode, type CatalogueGoods } from './goods-catalogue.ts';
import { GoodsPicker } from './goods-picker.tsx';

/** The line as the order routes take it (server/domain/orders/schemas.ts GOODS_LINE). */
export interface GoodsLine {
  id?: number;
  goodsInfoId?: number;
  goodsName?: string;
  goodsCode?: string;
  quantity?: number | string;
  weight?: number | string;
  volume?: number | string;
  unit?: string;
}

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: 'minmax(260px, 2.4fr) repeat(4, minmax(90px, 1fr)) auto', gap: '8px 12px', alignItems: 'end', width: '100%' },
  cell: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  label: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  shown: { minHeight: '24px', display: 'flex', alignItems: 'center', color: tokens.colorNeutralForeground1, fontSize: tokens.fontSizeBase200 },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
/** What a typed number becomes in the line: a number, or the text itself for the schema to word the error. */
const typed = (text: string) => parseNumberText(text);

/** The line reduced to what the routes declare: nulls and detail-only fields (未拆分数量...) dropped. */
export function cleanLine(line: GoodsLine): GoodsLine {
  const out: GoodsLine = {};
  for (const key of ['id', 'goodsInfoId', 'goodsName', 'goodsCode', 'quantity', 'weight', 'volume', 'unit'] as const) {
    if (present(line[key])) (out as Record<string, unknown>)[key] = line[key];
  }
  return out;
}

function Cell({ label, id, children }: { label: string; id?: string; children: React.ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.cell}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function GoodsLineField(props: FieldProps<GoodsLine>) {
  const { fieldPathId, formData, onChange, registry, disabled, readonly, errorSchema } = props;
  const s = useStyles();
  const { env } = formContextOf(registry);
  const settings = useCorpSettings(env);
  // Until the settings arrive the line offers the picker only, which every corporation allows.
  const freeTextAllowed = settings !== null && freeTextGoodsAllowed(settings);
  const weightUnit = String(settings?.weightUnit ?? '吨');
  const volumeUnit = String(settings?.volumeUnit ?? '立方米');
  const id = fieldPathId.$id;
  const line = formData ?? {};
  const [picked, setPicked] = useState<CatalogueGoods | null>(null);
  // A hand line of an order being edited stays a hand line; a new line starts at the picker.
  const [manual, setManual] = useState(() => !present(line.goodsInfoId) && present(line.goodsName));
  const off = disabled || readonly;

  // An order being edited names its goods by code: fetch the catalogue row for its per-unit figures.
  useEffect(() => {
    if (!present(line.goodsInfoId) || picked?.id === line.goodsInfoId || !line.goodsCode) return;
    let live = true;
    catalogueGoodsByCode(env.api, line.goodsCode).then((g) => live && g?.id === line.goodsInfoId && setPicked(g), () => undefined);
    return () => {
      live = false;
    };
  }, [env, line.goodsInfoId, line.goodsCode, picked]);

  const emit = (next: GoodsLine) => onChange(cleanLine(next), fieldPathId.path);
  const quantity = num(line.quantity);
  const fromCatalogue = picked && quantity !== undefined
    ? { weight: lineWeight(quantity, picked.unitWeightKg, weightUnit), volume: lineVolume(quantity, picked.unitVolumeM3, volumeUnit) }
    : null;
  /** A picked line's figures follow its quantity, as the server computes them. */
  const withFigures = (next: GoodsLine, g: CatalogueGoods | null): GoodsLine => {
    const q = num(next.quantity);
    if (!g || q === undefined) return next;
    return { ...next, weight: lineWeight(q, g.unitWeightKg, weightUnit) ?? next.weight, volume: lineVolume(q, g.unitVolumeM3, volumeUnit) ?? next.volume };
  };

  const pick = (g: CatalogueGoods | null) => {
    setPicked(g);
    if (!g) return emit({ id: line.id, quantity: line.quantity });
    emit(withFigures({ id: line.id, goodsInfoId: g.id, goodsName: g.goodsName, goodsCode: g.goodsCode, unit: g.unit, quantity: line.quantity }, g));
  };

  const messages = Object.values((errorSchema ?? {}) as Record<string, { __errors?: string[] }>).flatMap((e) => e?.__errors ?? []);
  const numberInput = (field: 'quantity' | 'weight' | 'volume', label: string) => (
    <Cell label={label} id={`${id}_${field}`}>
      <Input
        id={`${id}_${field}`}
        size="small"
        inputMode="decimal"
        disabled={off}
        value={present(line[field]) ? String(line[field]) : ''}
        onChange={(_, d) => emit(field === 'quantity' ? withFigures({ ...line, quantity: typed(d.value) }, picked) : { ...line, [field]: typed(d.value) })}
      />
    </Cell>
  );
  const textInput = (field: 'goodsName' | 'goodsCode' | 'unit', label: string, maxLength: number) => (
    <Cell label={label} id={`${id}_${field}`}>
      <Input id={`${id}_${field}`} size="small" disabled={off} maxLength={maxLength} value={line[field] ?? ''} onChange={(_, d) => emit({ ...line, [field]: d.value })} />
    </Cell>
  );
  const shown = (label: string, value: unknown, unit?: string) => (
    <Cell label={label}>
      <span className={s.shown}>{present(value) ? `${String(value)}${unit ?? ''}` : '—'}</span>
    </Cell>
  );
  const switchButton = freeTextAllowed && !off && (
    <Button size="small" appearance="transparent" onClick={() => {
      setManual(!manual);
      setPicked(null);
      emit({ id: line.id, quantity: line.quantity });
    }}>
      {manual ? '从货品档案选择' : '手工填写'}
    </Button>
  );

  // A hand line is shown as typed even where they are no longer allowed: it may keep its text.
  if (manual) {
    return (
      <div className={s.row}>
        {textInput('goodsName', '货物名称', 100)}
        {numberInput('quantity', '数量')}
        {textInput('unit', '单位', 20)}
        {numberInput('weight', `重量(${weightUnit})`)}
        {numberInput('volume', `体积(${volumeUnit})`)}
        {switchButton}
        {messages.length > 0 && <div className={s.error}>{messages[0]}</div>}
      </div>
    );
  }
  return (
    <div className={s.row}>
      <Cell label="货品" id={`${id}_goods`}>
        <GoodsPicker id={`${id}_goods`} env={env} disabled={off} value={present(line.goodsInfoId) ? { id: Number(line.goodsInfoId), goodsCode: line.goodsCode ?? '', goodsName: line.goodsName ?? '' } : null} onPick={pick} />
      </Cell>
      {numberInput('quantity', '数量')}
      {shown('单位', line.unit)}
      {shown(`重量(${weightUnit})`, fromCatalogue?.weight ?? line.weight)}
      {shown(`体积(${volumeUnit})`, fromCatalogue?.volume ?? line.volume)}
      {switchButton || <span />}
      {messages.length > 0 && <div className={s.error}>{messages[0]}</div>}
    </div>
  );
}
