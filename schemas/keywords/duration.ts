// The schema language's `duration` format: a long duration reads as days, hours and minutes
// (134天14小时5分), never as 193805.1 minutes. One implementation for the console's tables, totals and
// chart tooltips and the server's exports.

export type DurationUnit = 'ms' | 'second' | 'minute' | 'hour';

const SECONDS: Record<DurationUnit, number> = { ms: 0.001, second: 1, minute: 60, hour: 3600 };

/** `value` counted in `unit` (a report's measure after its divideBy: minutes by default). */
export function durationText(value: number, unit: DurationUnit = 'minute'): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const seconds = Math.round(Math.abs(value) * SECONDS[unit]);
  // Under a minute the seconds are all there is; above it they are noise beside days and hours.
  if (seconds < 60) return `${sign}${seconds}秒`;
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days}天` : '', hours ? `${hours}小时` : '', rest || (!days && !hours) ? `${rest}分` : ''];
  return sign + parts.join('');
}
