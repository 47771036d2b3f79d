// 门店位置校准 (docs/api.md "Store location calibration"): the 校准 dialog's call. It validates the
// spec's calibration rules (经度/纬度 required, a number with at most six decimals, in range) and
// saves through the resource engine's update — the same version check, scoping and history as any
// change of a 门店位置 — with the hook in server/domain/stores/calibration.ts adding status, who and when.
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { Code } from '../http/envelope.ts';
import type { Conn } from '../db/connection.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { update } from '../resources/writes.ts';
import { normalCoordinate } from '../domain/stores/calibration.ts';
import { MAX_ID } from './electronic.ts';
import { domainHooks } from './domain.ts';

export const CALIBRATE_OP = 'storeLocationCalibrate3';

// Titles 经度/纬度: the shared messages then read exactly as the spec's dialog says ('经度不能为空', '经度必须为数字值，且最多输入六位小数').
const coordinate = (title: string, format: 'longitude' | 'latitude') => ({
  title, type: 'string', format, maxLength: 12, minLength: 1, errorMessage: { minLength: `${title}不能为空` },
});
const calibrateInput = {
  type: 'object', additionalProperties: false, required: ['id', 'version', 'calibratedLon', 'calibratedLat'],
  properties: {
    id: { title: '门店位置', type: 'integer', minimum: 1, maximum: MAX_ID },
    version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID },
    calibratedLon: coordinate('经度', 'longitude'),
    calibratedLat: coordinate('纬度', 'latitude'),
  },
};

export function storeLocationRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const engine = new ResourceEngine(conn, registry, domainHooks(conn, registry));
  return [
    route<{ id: number; version: number; calibratedLon: string; calibratedLat: string }>({
      method: 'POST', path: '/storeLocation/calibrate', access: { anyOf: [CALIBRATE_OP] }, input: calibrateInput,
      handler: async ({ user, body }) => {
        const saved = await update(engine, 'storeLocation', user, {
          id: body.id, version: body.version, calibratedLon: normalCoordinate(body.calibratedLon), calibratedLat: normalCoordinate(body.calibratedLat),
        });
        return new Outcome(Code.SUCCESS, '校准成功', saved);
      },
    }),
  ];
}
