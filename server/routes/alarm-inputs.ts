// Request schemas of the alarm calls: the handling opinion (spec section 5: required, at most 256
// characters, exact messages), id lists, the polling time and the event a terminal reports.
import { DRIVER_KINDS } from '../alarms/catalogue.ts';
import { searchText } from '../resources/like.ts';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const id = (title: string) => ({ title, type: 'integer', minimum: 1, maximum: MAX_ID });
export const OPINION_MAX = 256;

export const handleRemark = {
  title: '处理意见', type: 'string', maxLength: OPINION_MAX, pattern: '\\S',
  errorMessage: { required: '处理意见不能为空', pattern: '处理意见不能为空', maxLength: `处理意见不能超过${OPINION_MAX}个字符` },
};
export const handleInput = { type: 'object', additionalProperties: false, required: ['id', 'handleRemark'], properties: { id: id('报警ID'), handleRemark } };

const idList = (title: string) => ({ title, type: 'array', minItems: 1, maxItems: 1000, items: id(title) });
export const idsInput = { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: idList('报警') } };
export const idListInput = { type: 'object', additionalProperties: false, required: ['idList'], properties: { idList: idList('报警') } };

export const idQuery = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '报警ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } };
export const summaryQuery = {
  type: 'object', additionalProperties: false,
  properties: { lastQueryTime: { title: '上次查询时间', type: 'string', pattern: '^[0-9]{1,15}$' } },
};
export const emptyQuery = { type: 'object', additionalProperties: false, properties: {} };

const time = (title: string) => ({ title, type: 'integer', minimum: 946684800000, maximum: 253402300799999 });
export const alarmListInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 1000 },
    handleStatus: { title: '处理状态', type: 'array', maxItems: 3, items: { title: '处理状态', enum: [0, 1, 2] } },
    status: { title: '报警状态', enum: [0, 1] },
    firstAlarmType: { title: '报警大类', enum: [100, 300] },
    lastAlarmType: { title: '报警类型', type: 'array', maxItems: 100, items: { title: '报警类型', type: 'integer', minimum: 1, maximum: 9999 } },
    vehicleId: id('车辆'),
    vehicleNo: searchText('车牌号', 20),
    carrierId: id('承运商'),
    waybillId: id('运单'),
    beginTime: { title: '报警时间', type: 'array', maxItems: 2, items: { title: '报警时间', type: ['integer', 'null'], minimum: 0, maximum: 253402300799999 } },
  },
};

/** The counts by kind take the list's filters without the paging. */
export const alarmCountInput = {
  type: 'object', additionalProperties: false,
  properties: Object.fromEntries(Object.entries(alarmListInput.properties).filter(([k]) => k !== 'curPage' && k !== 'pageSize')),
};

export const driverEventInput = {
  type: 'object', additionalProperties: false, required: ['eventType', 'eventLevel', 'gpsTime', 'lon', 'lat'],
  properties: {
    vehicleId: id('车辆ID'),
    dataTerminalId: { title: '终端号', type: 'string', minLength: 1, maxLength: 32 },
    eventType: { title: '事件类型', enum: Object.keys(DRIVER_KINDS).map(Number) },
    eventLevel: { title: '报警级别', enum: [1, 2, 3] },
    gpsTime: time('事件时间'),
    endTime: time('结束时间'),
    lon: { title: '经度', type: 'number', minimum: -180, maximum: 180 },
    lat: { title: '纬度', type: 'number', minimum: -90, maximum: 90 },
    speed: { title: '速度', type: 'number', minimum: 0, maximum: 3000 },
    fileIds: { title: '现场照片', type: 'array', maxItems: 10, items: { title: '现场照片', type: 'string', maxLength: 64, pattern: '^[0-9a-fA-F-]{1,64}$' } },
  },
};
