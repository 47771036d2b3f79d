// Flash photos and active-safety events for the track pages (spec sections 2 and 3):
// orderDetails/findImageById answers a target's flash photos and orderDetails/getAlarmList its
// active-safety events (the spec lists both calls without their bodies; they take the track
// endpoints' target and paging, page size 10 by default like the spec's media query). Terminals
// hand snapshots over through flash/ingest (not among the spec's calls, like track/ingest: a
// terminal credential of the vehicle's corporation, never a session).
import type { Conn } from '../resources/statements.ts';
import { route } from '../http/route.ts';
import type { SessionUser } from '../http/context.ts';
import { DRIVER_KINDS } from '../alarms/catalogue.ts';
import { FLASH_CHANNELS, FLASH_KINDS } from '../flash/catalogue.ts';
import { receiveSnapshot, type Snapshot } from '../flash/ingest.ts';
import { activeSafetyEvents, flashPhotos } from '../flash/read.ts';
import { resolveTarget, type TrackRequest } from '../tracking/target.ts';
import { TrackContext } from '../tracking/views.ts';
import { pageParam, terminalId, trackTargetProperties } from './track-inputs.ts';
import { idOf } from './waybill-inputs.ts';
import { TRACK_READ } from './track.ts';
import { terminalAccess, terminalOf } from '../http/terminal-access.ts';

/** Spec section 9: media query page size 10; the playback page asks for more at once. */
export const MEDIA_PAGE_SIZE = 10;
export const MEDIA_PAGE_MAX = 1000;

const mediaQuery = (extra: Record<string, object> = {}) => ({
  type: 'object', additionalProperties: false,
  properties: { ...trackTargetProperties, pageParamVO: pageParam(MEDIA_PAGE_MAX), ...extra },
});

export const snapshotInput = {
  type: 'object', additionalProperties: false, required: ['channel', 'eventType', 'picTime', 'lon', 'lat', 'fileId'],
  properties: {
    vehicleId: idOf('车辆ID'),
    dataTerminalId: terminalId,
    channel: { title: '通道', type: 'integer', minimum: 1, maximum: FLASH_CHANNELS },
    eventType: { title: '抓拍类型', type: 'integer', enum: Object.keys(FLASH_KINDS).map(Number) },
    picTime: { title: '抓拍时间', type: 'integer', minimum: 946684800000, maximum: 253402300799999 },
    lon: { title: '经度', type: 'number', minimum: -180, maximum: 180 },
    lat: { title: '纬度', type: 'number', minimum: -90, maximum: 90 },
    speed: { title: '速度', type: 'number', minimum: 0, maximum: 3000 },
    fileId: { title: '抓拍图片', type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-fA-F-]+$', errorMessage: { pattern: '抓拍图片：文件ID格式不正确' } },
  },
};

type MediaRequest = TrackRequest & { pageParamVO?: { curPage?: number; pageSize?: number }; secondAlarmType?: number };

export function flashRoutes(conn: Conn) {
  const ctxOf = async (user: SessionUser, body: TrackRequest) => new TrackContext(conn, user, await resolveTarget(conn, user, body));
  const paging = (body: MediaRequest) => ({ curPage: body.pageParamVO?.curPage ?? 1, pageSize: body.pageParamVO?.pageSize ?? MEDIA_PAGE_SIZE });
  return [
    route<MediaRequest>({
      method: 'POST', path: '/orderDetails/findImageById', access: { anyOf: TRACK_READ }, input: mediaQuery(),
      handler: async ({ user, body }) => flashPhotos(await ctxOf(user, body), paging(body)),
    }),
    route<MediaRequest>({
      method: 'POST', path: '/orderDetails/getAlarmList', access: { anyOf: TRACK_READ },
      input: mediaQuery({ secondAlarmType: { title: '事件类型', type: 'integer', enum: Object.keys(DRIVER_KINDS).map(Number) } }),
      handler: async ({ user, body }) => activeSafetyEvents(await ctxOf(user, body), paging(body), body.secondAlarmType),
    }),
    route<Snapshot>({
      method: 'POST', path: '/flash/ingest', access: terminalAccess(conn), input: snapshotInput,
      handler: (call) => receiveSnapshot(conn, terminalOf(call).corpId, call.body),
    }),
  ];
}
