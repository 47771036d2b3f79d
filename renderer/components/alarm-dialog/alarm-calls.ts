// Which calls an alarm uses (spec section 7): firstAlarmType 300 is a driver alarm (driverAlarm/*),
// every other is a business alarm (alarmResult/*). One rule, used by the dialog and the list.
import type { ApiClient, RequestOptions } from '../../env/api-client.ts';

export const DRIVER_ALARM = 300;
export const OPINION_MAX = 256;
export const OPINION_REQUIRED = '处理意见不能为空';

export interface AlarmRef {
  id: number;
  firstAlarmType: number;
}

export const isDriverAlarm = (a: AlarmRef) => Number(a.firstAlarmType) === DRIVER_ALARM;

export function loadAlarm<T>(api: ApiClient, a: AlarmRef): Promise<T> {
  return api.get<T>(isDriverAlarm(a) ? '/driverAlarm/getAlarmById' : '/alarmResult/queryById', { id: String(a.id) });
}

export function handleAlarm(api: ApiClient, a: AlarmRef, handleRemark: string, options?: RequestOptions) {
  return api.post(isDriverAlarm(a) ? '/driverAlarm/handle' : '/alarmResult/handlerAlarmResult', { id: a.id, handleRemark }, options);
}

export function ignoreAlarm(api: ApiClient, a: AlarmRef, options?: RequestOptions) {
  return isDriverAlarm(a) ? api.post('/driverAlarm/ignore', { idList: [a.id] }, options) : api.post('/alarmResult/akeyToIgnore', { ids: [a.id] }, options);
}

/** The opinion check of spec section 5: required (blank counts as empty), at most 256 characters. */
export function opinionError(text: string): string | undefined {
  if (text.trim() === '') return OPINION_REQUIRED;
  if (text.length > OPINION_MAX) return `处理意见不能超过${OPINION_MAX}个字符`;
  return undefined;
}
