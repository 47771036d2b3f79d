// Every business alarm rule, in the order their alarms are raised.
import { doorOutsideFenceRule } from './door-outside-fence.ts';
import { longStopRule } from './long-stop.ts';
import { overspeedRule } from './overspeed.ts';
import type { AlarmRule } from './rule.ts';
import { temperatureRule } from './temperature.ts';

export const RULES: readonly AlarmRule[] = [temperatureRule, overspeedRule, doorOutsideFenceRule, longStopRule];
export { eachWindow, type AlarmRule, type AlarmWindow, type AlarmWindows, type RuleInput } from './rule.ts';
