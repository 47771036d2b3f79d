// The prescription rule resource's own check, beside the versions every rule keeps (versions.ts): a rule
// must set at least one time, and of each pair of alternatives only one (types/prescription.ts). An
// update is judged on the record as it will stand.
import type { ResourceHooks } from '../../resources/hooks.ts';
import { checkPrescriptionTimes } from './types/prescription.ts';

export const prescriptionRuleHooks: ResourceHooks = {
  beforeInsert: (_ctx, record) => checkPrescriptionTimes(record),
  beforeUpdate: (_ctx, changes, existing) => checkPrescriptionTimes({ ...existing, ...changes }),
};
