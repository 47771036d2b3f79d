// The factory shipment setting resource's own hooks, beside the versions (versions.ts): hours in pairs and
// something limited (types/factory-shipment.ts), and the hours in words wherever a setting is read.
import type { ResourceHooks } from '../../resources/hooks.ts';
import { hoursText } from './factory-check.ts';
import { checkFactorySetting, type FactoryShipmentRecord } from './types/factory-shipment.ts';

const describe = (row: Record<string, unknown>) => {
  row.hoursText = hoursText(row as unknown as FactoryShipmentRecord);
};

export const factoryShipmentHooks: ResourceHooks = {
  beforeInsert: async (_ctx, record) => checkFactorySetting(record),
  beforeUpdate: async (_ctx, changes, existing) => checkFactorySetting(changes, existing),
  afterList: async (rows) => rows.forEach(describe),
  afterRead: async (row) => describe(row),
};
