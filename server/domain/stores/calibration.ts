// 门店位置校准: a store's calibrated position is set only by the 校准 action (POST
// storeLocation/calibrate), never typed in the add or change form (the fields are read-only columns
// of schemas/resources/storeLocation.json). The action is an ordinary resource update of those two
// fields; the hook below adds what follows from them — 已校准, who and when — inside the same
// transaction, so the history row shows the whole calibration.
import type { ResourceHooks } from '../../resources/hooks.ts';

/** The calibration status dictionary (schemas/dictionaries/calibrationStatus.json). */
export const CALIBRATION = { PENDING: 0, DONE: 1 } as const;

export const CALIBRATED_FIELDS = ['calibratedLon', 'calibratedLat'] as const;

export const storeLocationHooks: ResourceHooks = {
  beforeUpdate({ user, now }, changes) {
    if (!CALIBRATED_FIELDS.some((f) => f in changes)) return;
    changes.calibrationStatus = CALIBRATION.DONE;
    changes.calibratedBy = user.realName;
    changes.calibratedAt = now;
  },
};

/** The coordinate as stored: the typed text without surrounding blanks or a trailing '.0…' (116.50 → 116.5). */
export function normalCoordinate(text: string): string {
  return String(Number(text.trim()));
}
