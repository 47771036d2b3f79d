// 企业参数设置: the corporation settings an administrator may change from the console. Only settings
// the platform honours are offered: 订单货品录入 (goodsSetting.freeText, read by every goods-line save
// and the order import), 订单货量显示 (displayOfGoods, the order list's goods column) and 新消息提示
// (msgLayerDisplayMode, the top bar's popover). weightUnit and volumeUnit are not offered: goods lines
// store figures without their unit, so changing the unit later would relabel every stored weight.
import type { Conn } from '../../db/port.ts';
import { freeTextGoodsAllowed } from '../../../schemas/keywords/goods-amounts.ts';
import { corporationSettings } from '../auth/user-info.ts';
import { displayOfGoodsField } from '../orders/views.ts';
import { patchCorporationSettings } from './corporation-settings.ts';

export interface ConsoleSettings {
  goodsFreeText: 0 | 1;
  displayOfGoods: 1 | 2 | 3;
  msgLayerDisplayMode: 1 | 2;
}

/** The form's fields, titled and listed as the console shows them (dictionaries of the same names). */
export const consoleSettingsInput = {
  type: 'object',
  additionalProperties: false,
  required: ['goodsFreeText', 'displayOfGoods', 'msgLayerDisplayMode'],
  properties: {
    goodsFreeText: { title: '订单货品录入', type: 'integer', enum: [1, 0], 'x-dictionary': 'goodsFreeText' },
    displayOfGoods: { title: '订单列表货量显示', type: 'integer', enum: [1, 2, 3], 'x-dictionary': 'displayOfGoods' },
    msgLayerDisplayMode: { title: '新消息提示', type: 'integer', enum: [1, 2], 'x-dictionary': 'msgLayerDisplayMode' },
  },
};

export async function readConsoleSettings(conn: Conn, corpId: number): Promise<ConsoleSettings> {
  const settings = await corporationSettings(conn, corpId);
  return {
    goodsFreeText: freeTextGoodsAllowed(settings) ? 1 : 0,
    displayOfGoods: displayOfGoodsField(settings).displayOfGoods as ConsoleSettings['displayOfGoods'],
    // The popover hides by itself in mode 1 (the default); any other mode keeps it until closed.
    msgLayerDisplayMode: Number(settings.msgLayerDisplayMode ?? 1) === 1 ? 1 : 2,
  };
}

/** Saves the three (checked by consoleSettingsInput), keeping every other setting and goodsSetting's other keys. */
export async function saveConsoleSettings(conn: Conn, corpId: number, body: ConsoleSettings): Promise<ConsoleSettings> {
  await patchCorporationSettings(conn, corpId, (settings) => {
    const goods = settings.goodsSetting && typeof settings.goodsSetting === 'object' && !Array.isArray(settings.goodsSetting) ? settings.goodsSetting : {};
    settings.goodsSetting = { ...goods, freeText: body.goodsFreeText };
    settings.displayOfGoods = body.displayOfGoods;
    settings.msgLayerDisplayMode = body.msgLayerDisplayMode;
  });
  return readConsoleSettings(conn, corpId);
}
