// Input schemas of the track endpoints: a track request names a waybill or a vehicle (id, plate or
// terminal id) and optionally a time range (epoch ms or 'YYYY-MM-DD HH:mm:ss'), with paging.
import { idOf } from './waybill-inputs.ts';

export const TRACK_PAGE_SIZE = 8000; // the map dialog's page (spec section 9)
export const SHELL_PAGE_SIZE = 5000; // the shell's track query
export const EXPORT_PAGE_SIZE = 100_000;

const TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';
const time = (title: string) => ({
  title, type: ['integer', 'string'], minimum: 0, maximum: 253402300799999, maxLength: 19, pattern: TIME_PATTERN,
  errorMessage: { pattern: `${title}：请输入正确的时间（YYYY-MM-DD HH:mm:ss）` },
});
export const terminalId = { title: '终端号', type: 'string', maxLength: 32, pattern: '^[0-9A-Za-z_-]+$', errorMessage: { pattern: '终端号：只能包含字母、数字、下划线和中划线' } };
const vehicleNo = { title: '车牌号', type: 'string', maxLength: 16, pattern: '^[\\u4e00-\\u9fa5A-Z0-9]+$', errorMessage: { pattern: '车牌号：请输入正确的车牌号' } };

export const pageParam = (max: number) => ({
  title: '分页', type: 'object', additionalProperties: false,
  properties: { curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 }, pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: max } },
});

export const trackTargetProperties = {
  waybillId: idOf('运单ID'),
  vehicleId: idOf('车辆ID'),
  vehicleNo,
  dataTerminalId: terminalId,
  startTime: time('开始时间'),
  endTime: time('结束时间'),
};

export const trackQueryInput = (maxPage = TRACK_PAGE_SIZE) => ({
  type: 'object', additionalProperties: false,
  properties: { ...trackTargetProperties, pageParamVO: pageParam(maxPage) },
});

/** The same request flat in a query string (GET downloads). */
export const trackExportQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    waybillId: { title: '运单ID', type: 'string', pattern: '^[1-9]\\d{0,15}$', maxLength: 16 },
    vehicleId: { title: '车辆ID', type: 'string', pattern: '^[1-9]\\d{0,15}$', maxLength: 16 },
    vehicleNo, dataTerminalId: terminalId,
    startTime: { ...time('开始时间'), type: 'string' }, endTime: { ...time('结束时间'), type: 'string' },
    curPage: { title: '页码', type: 'string', pattern: '^[1-9]\\d{0,6}$', maxLength: 7 },
    pageSize: { title: '每页条数', type: 'string', pattern: '^[1-9]\\d{0,5}$', maxLength: 6 },
  },
};

/** Place names of the track table's rows in view: a few screens of points per request. */
export const MAX_PLACE_POINTS = 200;
export const placeNamesInput = {
  type: 'object', additionalProperties: false, required: ['points'],
  properties: {
    points: {
      title: '坐标', type: 'array', minItems: 1, maxItems: MAX_PLACE_POINTS,
      items: { title: '坐标', type: 'array', minItems: 2, maxItems: 2, items: { title: '经纬度', type: 'number', minimum: -180, maximum: 180 } },
    },
  },
};

export const ingestInput = {
  type: 'object', additionalProperties: false, required: ['points'],
  properties: {
    vehicleId: idOf('车辆ID'),
    dataTerminalId: terminalId,
    // Each point is checked by the ingestion itself, so an error can name its position in the batch.
    points: { title: '轨迹点', type: 'array', minItems: 1, maxItems: 10_000, items: { title: '轨迹点', type: 'object' } },
  },
};

export const iconSettingInput = {
  type: 'object', additionalProperties: false, required: ['setKey', 'show'],
  properties: {
    setKey: { title: '图标', type: 'string', maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', errorMessage: { pattern: '图标：只能包含字母、数字和下划线' } },
    show: { title: '是否显示', type: 'integer', enum: [0, 1] },
  },
};
