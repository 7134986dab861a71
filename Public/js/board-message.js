// Reading `arrivals` and `alerts` messages (docs/PROTOCOL.md), shared by the map's station popup and the station
// display: malformed parts are dropped rather than drawn, and minutes count down from when the board arrived.

/** A group's arrivals that carry a time or a minute count (anything else in the message is ignored). */
export function arrivalsOf(group) {
  if (!group || !Array.isArray(group.arrivals)) return [];
  return group.arrivals.filter((a) => a !== null && typeof a === "object" && (Number.isFinite(a.time) || Number.isFinite(a.minutes)));
}

/**
 * Whole minutes until an arrival, `elapsedSeconds` after its board arrived: the server's `minutes` counted down
 * since then (its clock is the one the board was computed on, which for a replay is not the wall clock); only
 * without `minutes`, the absolute `time` against `nowSeconds` (server wall time).
 */
export function minutesUntil(arrival, elapsedSeconds, nowSeconds) {
  if (Number.isFinite(arrival.minutes)) return Math.max(0, arrival.minutes - Math.floor(Math.max(0, elapsedSeconds) / 60));
  return Math.max(0, Math.floor((arrival.time - nowSeconds) / 60));
}

/**
 * Whole minutes until an arrival on the board's own clock, `boardNowSeconds` being the board's `ts` plus the seconds
 * since it arrived (the display's clock): from the absolute `time` where the arrival has one, so that a train counts
 * down by the second's minute boundaries rather than once per minute since the board (a board kept while the server
 * is lost stays exact); else `minutesUntil`.
 */
export function minutesOnBoardClock(arrival, elapsedSeconds, boardNowSeconds) {
  if (Number.isFinite(arrival.time) && Number.isFinite(boardNowSeconds)) return Math.max(0, Math.floor((arrival.time - boardNowSeconds) / 60));
  return minutesUntil(arrival, elapsedSeconds, boardNowSeconds);
}

/** Board groups that name a route (the rest of a malformed message is dropped, not drawn). */
export function validGroups(groups) {
  return Array.isArray(groups) ? groups.filter((g) => g && typeof g === "object" && (typeof g.route === "string" || typeof g.route === "number")) : [];
}

/** Alerts that are objects. */
export function validAlerts(alerts) {
  return Array.isArray(alerts) ? alerts.filter((a) => a && typeof a === "object") : [];
}
