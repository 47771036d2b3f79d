// GET /waybill/exportTrackList: the track points of a waybill or vehicle as an Excel download
// (content-disposition attachment), written row by row by exceljs' streaming writer so a
// 100,000-point export never holds the whole workbook in memory. A GET because the browser
// downloads it by link; the listReqVO fields come flat in the query.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Conn } from '../resources/statements.ts';
import { route } from '../http/route.ts';
import { sheetValue } from '../exports/sheet-value.ts';
import { resolveTarget } from '../tracking/target.ts';
import { TrackContext, type AlarmWindowSource } from '../tracking/views.ts';
import { TRACK_READ } from './track.ts';
import { EXPORT_PAGE_SIZE, trackExportQuery } from './track-inputs.ts';

const BASE_COLUMNS: [string, string, number][] = [
  ['sn', '序号', 8], ['vehicleNo', '车牌号', 12], ['gpsTime', '定位时间', 20], ['lon', '经度', 12], ['lat', '纬度', 12], ['speed', '速度(km/h)', 11],
  ['direction', '方向', 8], ['odometer', '里程(km)', 12], ['curOdom', '累计里程(km)', 13], ['odometerInterval', '区间里程(km)', 13],
  ['position', '位置', 30], ['statusStr', '状态', 24], ['alarmStr', '报警', 8],
];

export function trackExportRoutes(conn: Conn, alarmWindows: AlarmWindowSource) {
  return [
    route<Record<string, string | undefined>>({
      method: 'GET', path: '/waybill/exportTrackList', access: { anyOf: TRACK_READ }, input: trackExportQuery,
      handler: async ({ user, body }) => {
        const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
        const target = await resolveTarget(conn, user, {
          waybillId: num(body.waybillId), vehicleId: num(body.vehicleId), vehicleNo: body.vehicleNo, dataTerminalId: body.dataTerminalId,
          startTime: body.startTime, endTime: body.endTime,
        });
        const ctx = new TrackContext(conn, user, target, alarmWindows);
        const pageSize = Math.min(num(body.pageSize) ?? EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE);
        const page = await ctx.trackPage(num(body.curPage) ?? 1, pageSize);
        const sensorKeys = Object.keys(page.data[0] ?? {}).filter((k) => /^(t|h|oil)\d+$/.test(k));
        const title = (k: string) => (k.startsWith('oil') ? `油量${k.slice(3)}(L)` : k.startsWith('t') ? `温度${k.slice(1)}(℃)` : `湿度${k.slice(1)}(%RH)`);

        const out = new PassThrough();
        const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
        const sheet = book.addWorksheet('轨迹');
        sheet.columns = [...BASE_COLUMNS.map(([key, header, width]) => ({ key, header, width })), ...sensorKeys.map((key) => ({ key, header: title(key), width: 12 }))];
        const keys = [...BASE_COLUMNS.map(([key]) => key), ...sensorKeys];
        // Every cell through sheetValue (place names and states come from outside): never a formula.
        for (const row of page.data) {
          const cells: Record<string, unknown> = { ...row, alarmStr: row.alarm ? '报警' : '' };
          sheet.addRow(keys.map((k) => sheetValue(cells[k]))).commit();
        }
        sheet.commit();
        void book.commit();
        const name = `轨迹_${target.vehicle.vehicleNo}_${String(page.data[0]?.gpsTime ?? '').slice(0, 10) || 'empty'}.xlsx`;
        return new Response(Readable.toWeb(out) as ReadableStream, {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="track.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
          },
        });
      },
    }),
  ];
}
