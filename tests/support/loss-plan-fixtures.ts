// Baselines of the loss plans' own POST call (/lossPlan/preview) for the bad-input suite; the plan's
// save, update and delete are the resource's aliases, with their baseline in SAVE_BODIES (lossPlanRule).
export const LOSS_PLAN = { ruleName: '坏输入货损方案', unitValue: 100_00, allowancePermille: 5, carrierPercent: 50, shareMode: 2 };

export function lossPlanFixtures() {
  return {
    bodies: { '/lossPlan/preview': { rule: LOSS_PLAN } },
    acceptedText: {},
    acceptedNull: { '/lossPlan/preview id': 'a preview of a new plan (no plan it edits)' },
  };
}
