// When a vehicle counts as online: its last report is at most this old. One rule for the vehicle
// monitor, the fleet map and the home dashboard, so their counts agree.
export const ONLINE_MINUTES = 10;

/** The oldest report time (epoch ms) that still counts as online at `now`. */
export const onlineSince = (now: number, minutes = ONLINE_MINUTES) => now - minutes * 60_000;

export const isOnline = (lastReportAt: number | null | undefined, now: number, minutes = ONLINE_MINUTES) =>
  lastReportAt != null && lastReportAt >= onlineSince(now, minutes);
