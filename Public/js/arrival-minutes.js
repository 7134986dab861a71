// Minutes until an arrival, shared by the map's station popup and the station display.

/**
 * Whole minutes from `nowSeconds` (server time) to an arrival: from its absolute `time` when given, so that a
 * board received a while ago still counts down correctly; else the `minutes` the server computed.
 */
export function minutesUntil(arrival, nowSeconds) {
  if (Number.isFinite(arrival.time)) return Math.max(0, Math.floor((arrival.time - nowSeconds) / 60));
  return Math.max(0, Number(arrival.minutes) || 0);
}
