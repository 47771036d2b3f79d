// The alarm kinds and the status labels (spec section 4: handling 0 unhandled, 1 handled,
// 2 ignored; alarm 0 ended, 1 not ended). firstAlarmType 300 is a driver (active-safety) alarm,
// everything else a business alarm. The spec names the active-safety event types in English
// only; their Chinese names are the terms the terminals' protocols (JT/T 1078 family) use.

export const FIRST_BUSINESS = 100;
export const FIRST_DRIVER = 300;

export const ALARM_TYPE = { PERIOD: 1, BEGIN_END: 2 } as const;
export const HANDLE = { UNHANDLED: 0, HANDLED: 1, IGNORED: 2 } as const;
export const STATUS = { ENDED: 0, ONGOING: 1 } as const;

export const HANDLE_LABELS: Record<number, string> = { 0: '未处理', 1: '已处理', 2: '已忽略' };
export const STATUS_LABELS: Record<number, string> = { 0: '已结束', 1: '未结束' };
export const EVENT_LEVEL_LABELS: Record<number, string> = { 1: '低', 2: '中', 3: '高' };

/** Business alarms raised by the rules (server/alarms/rules). */
export const BUSINESS_KINDS = {
  temperature: { lastAlarmType: 101, name: '温度异常' },
  overspeed: { lastAlarmType: 102, name: '超速' },
  doorOutsideFence: { lastAlarmType: 103, name: '围栏外开门' },
  longStop: { lastAlarmType: 104, name: '超时停车' },
} as const;
export type BusinessKind = keyof typeof BUSINESS_KINDS;

/** Active-safety event types (spec section 9), as the driver alarm's lastAlarmType. */
export const DRIVER_KINDS: Record<number, string> = {
  301: '疲劳驾驶', 302: '接打电话', 303: '抽烟', 304: '分神驾驶', 305: '驾驶员离岗', 306: '驾驶员变更', 307: '未系安全带',
  308: '摄像头遮挡', 309: '打哈欠', 310: '前向碰撞', 311: '车道偏离', 312: '车距过近', 313: '行人碰撞', 314: '频繁变道',
  315: '障碍物', 316: '侧翻', 317: '玩手机', 318: '左顾右盼',
};

export function alarmTypeName(lastAlarmType: number): string {
  const business = Object.values(BUSINESS_KINDS).find((k) => k.lastAlarmType === lastAlarmType);
  return business?.name ?? DRIVER_KINDS[lastAlarmType] ?? '其他报警';
}

/** '1小时5分钟', '45秒': how long an alarm lasted (the spec's theLastTime). */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d}天`, h && `${h}小时`, m && `${m}分钟`].filter(Boolean) as string[];
  if (parts.length === 0) return `${s % 60}秒`;
  return parts.join('');
}
