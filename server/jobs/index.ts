// The sweeps the server runs periodically (docs/architecture.md "Periodic jobs").
import type { Database } from '../db/port.ts';
import type { Registry } from '../registry/types.ts';
import { sweepAutoSign } from '../domain/rules/auto-sign.ts';
import { sweepProgressRemind } from '../domain/rules/progress-remind.ts';
import { sweepFixedLines } from '../domain/fixed-lines/generate.ts';
import { sweepWaybillRules } from '../domain/rules/waybill-rule-apply.ts';
import { sweepAutoStowage } from '../domain/orders/stowage/auto-run.ts';
import { JobRunner, type Sweep } from './runner.ts';

export function timedSweeps(registry: () => Registry): Sweep[] {
  return [
    { name: 'autoSign', run: (conn, now) => sweepAutoSign(conn, registry, now) },
    { name: 'progressRemind', run: (conn, now) => sweepProgressRemind(conn, now) },
    { name: 'fixedLine', run: (conn, now) => sweepFixedLines(conn, now) },
    { name: 'waybillRule', run: (conn, now) => sweepWaybillRules(conn, registry, now) },
    { name: 'autoStowage', run: (conn, now) => sweepAutoStowage(conn, now) },
  ];
}

export const createJobRunner = (db: Database, registry: () => Registry, intervalMs?: number) => new JobRunner(db, timedSweeps(registry), intervalMs);
