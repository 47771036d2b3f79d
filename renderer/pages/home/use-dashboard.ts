// The home page's data: the user's cards (dashboardRuleSet/findByUserId), then only the calls the
// shown cards need. `reload` fetches everything again (the 刷新 button, a saved card choice).
import { useCallback, useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { BusinessVolume, DeliveringAmount, DoBusi, RuleSet, TransitMap } from './dashboard-types.ts';

/** The delivering-amount calls, one per business line, in the order the card lists them. */
export const DELIVERING_CALLS = ['feedDeliveringAmount', 'materialDeliveringAmount', 'poultryDeliveringAmount', 'chickDeliveringAmount', 'daHuaNongDeliveringAmount', 'jiaRunDeliveringAmount'];
const TODAY_CARDS = ['todayOrders', 'todayWaybills', 'onTimeRate', 'openAlarms', 'vehiclesOnline'];

export interface DashboardData {
  rules?: RuleSet;
  today?: DoBusi;
  volume?: BusinessVolume;
  delivering?: DeliveringAmount[];
  map?: TransitMap;
}

export function useDashboard(env: Env, volumeDays: number) {
  const [data, setData] = useState<DashboardData>({});
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    const set = (part: Partial<DashboardData>) => live && setData((prev) => ({ ...prev, ...part }));
    const ignore = () => undefined; // the client has shown the server's message
    void env.api.get<RuleSet>('/dashboardRuleSet/findByUserId').then((rules) => {
      set({ rules });
      const shown = new Set(rules.cards.filter((c) => c.show).map((c) => c.cardKey));
      const loads: Promise<unknown>[] = [];
      if (TODAY_CARDS.some((k) => shown.has(k))) loads.push(env.api.get<DoBusi>('/statistics/doBusi').then((today) => set({ today }), ignore));
      if (shown.has('businessVolume')) loads.push(env.api.get<BusinessVolume>('/statistics/businessVolume', { days: volumeDays }).then((volume) => set({ volume }), ignore));
      if (shown.has('deliveringAmount')) {
        loads.push(Promise.all(DELIVERING_CALLS.map((name) => env.api.get<DeliveringAmount>(`/statistics/${name}`))).then((delivering) => set({ delivering }), ignore));
      }
      // The map's data last: its card then finds the cards above it at their full height, so it is seen
      // as below the first screen when it is (when-visible.tsx), whichever answer came first.
      if (shown.has('transitMap')) void Promise.all(loads).then(() => env.api.get<TransitMap>('/statistics/dashboardMap')).then((map) => set({ map }), ignore);
    }, ignore);
    return () => {
      live = false;
    };
  }, [env, version, volumeDays]);

  return { ...data, reload };
}
