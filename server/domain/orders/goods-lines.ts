// The one rule for what an order goods line holds, used by every path that writes order_goods
// (orderInfo/save, copyOrder, changeGoodsDetail). A line picked from the catalogue (goodsInfoId,
// a 货品 of the corporation) takes its name, code and unit from the catalogue, and its weight and
// volume are quantity × the catalogue's per-unit values, computed here: the server is the authority,
// whatever the form sent. A line typed by hand is accepted only while the corporation's
// goodsSetting.freeText is not 0; an existing hand line whose text is unchanged may stay as it is
// (an order saved before the setting changed must still take a quantity change).
import { freeTextGoodsAllowed, lineVolume, lineWeight } from '../../../schemas/keywords/goods-amounts.ts';
import { invalid } from '../../http/envelope.ts';
import { corporationSettings } from '../auth/user-info.ts';
import type { GoodsRow } from './details.ts';
import { all, run, type Conn } from './sql.ts';

export interface LineInput {
  /** An existing line of the order (left out: a new line). */
  id?: number;
  /** The catalogue 货品 picked; left out for a line typed by hand. */
  /** Absent or null: a hand-typed line (the detail answers null for one, and the form sends it back). */
  goodsInfoId?: number | null;
  goodsName?: string;
  goodsCode?: string;
  quantity: number;
  weight?: number;
  volume?: number;
  unit?: string;
}

export interface ResolvedLine {
  id?: number;
  goodsInfoId: number | null;
  goodsName: string;
  goodsCode: string | null;
  quantity: number;
  weight: number | null;
  volume: number | null;
  unit: string;
}

interface CatalogueRow {
  id: number;
  goodsCode: string;
  goodsName: string;
  unit: string;
  unitWeightKg: number | null;
  unitVolumeM3: number | null;
  status: number;
  isDeleted: number;
}

const GOODS = '货品';
/** Weights and volumes are below 10^12 (orders/schemas.ts amount). */
const MAX_AMOUNT = 999_999_999_999;

/** The computed figure, or what the user typed when the catalogue cannot give one. */
function amount(computed: number | null, typed: number | undefined, title: string): number | null {
  if (computed === null) return typed ?? null;
  if (computed > MAX_AMOUNT) throw invalid(`${title}：${title}超出范围，请减少数量`, { field: 'goods' });
  return computed;
}

/**
 * Lines as they will be stored, or a code-100 refusal naming 货品 (or the missing field). `existing`
 * are the order's current lines (empty for a new order or a copy): a line may keep a catalogue goods
 * that has since been disabled or deleted, but never pick one anew.
 */
export async function resolveGoodsLines(conn: Conn, corpId: number, lines: readonly LineInput[], existing: readonly GoodsRow[] = []): Promise<ResolvedLine[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.goodsInfoId == null ? [] : [l.goodsInfoId])))];
  const catalogue = new Map((ids.length === 0 ? [] : await all<CatalogueRow>(conn,
    `SELECT id, goods_code AS goodsCode, goods_name AS goodsName, unit, unit_weight_kg AS unitWeightKg, unit_volume_m3 AS unitVolumeM3,
       status, is_deleted AS isDeleted FROM goods WHERE corp_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids)).map((g) => [g.id, g]));
  const settings = await corporationSettings(conn, corpId);
  const freeText = freeTextGoodsAllowed(settings);
  const before = new Map(existing.map((g) => [g.id, g]));

  return lines.map((l) => {
    const old = l.id === undefined ? undefined : before.get(l.id);
    if (l.goodsInfoId != null) {
      const g = catalogue.get(l.goodsInfoId);
      const kept = old?.goodsInfoId === l.goodsInfoId;
      if (!g || (g.isDeleted && !kept)) throw invalid(`${GOODS}：所选货品不存在或无权访问`, { field: 'goods' });
      if (g.status !== 0 && !kept) throw invalid(`${GOODS}：${g.goodsName}已停用，不能选择`, { field: 'goods' });
      return {
        id: l.id, goodsInfoId: g.id, goodsName: g.goodsName, goodsCode: g.goodsCode, quantity: l.quantity, unit: g.unit,
        weight: amount(lineWeight(l.quantity, g.unitWeightKg, settings.weightUnit), l.weight, '重量'),
        volume: amount(lineVolume(l.quantity, g.unitVolumeM3, settings.volumeUnit), l.volume, '体积'),
      };
    }
    const name = l.goodsName?.trim() ?? '';
    const unit = l.unit?.trim() ?? '';
    const code = l.goodsCode ?? old?.goodsCode ?? null;
    const unchangedHandLine = old !== undefined && old.goodsInfoId === null && old.goodsName === name && old.unit === unit && old.goodsCode === code;
    if (!freeText && !unchangedHandLine) throw invalid(`${GOODS}：请从货品档案中选择货品`, { field: 'goods' });
    if (!name) throw invalid('货物名称：请选择货品或填写货物名称', { field: 'goods' });
    if (!unit) throw invalid('单位：请填写单位', { field: 'goods' });
    return { id: l.id, goodsInfoId: null, goodsName: name, goodsCode: code, quantity: l.quantity, weight: l.weight ?? null, volume: l.volume ?? null, unit };
  });
}

const COLUMNS = 'goods_info_id, goods_name, goods_code, quantity, weight, volume, unit';

/** Writes one resolved line: an update of line `l.id`, or a new line of the order. */
export async function storeGoodsLine(conn: Conn, corpId: number, orderId: number, l: ResolvedLine) {
  const values = [l.goodsInfoId, l.goodsName, l.goodsCode, l.quantity, l.weight, l.volume, l.unit];
  if (l.id !== undefined) {
    await run(conn, 'UPDATE order_goods SET goods_info_id = ?, goods_name = ?, goods_code = ?, quantity = ?, weight = ?, volume = ?, unit = ? WHERE id = ?', ...values, l.id);
  } else {
    await run(conn, `INSERT INTO order_goods (corp_id, order_id, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, corpId, orderId, ...values);
  }
}
