// Reading `arrivals` and `alerts` messages (docs/PROTOCOL.md), shared by the map's station popup and the station
// display: malformed parts are dropped rather than drawn, and minutes count down from absolute times.

/** A group's arrivals that carry a time or a minute count (anything else in the message is ignored). */
export function arrivalsOf(group) {
  if (!group || !Array.isArray(group.arrivals)) return [];
  return group.arrivals.filter((a) => a !== null && typeof a === "object" && (Number.isFinite(a.time) || Number.isFinite(a.minutes)));
}

/**
 * Whole minutes from `nowSeconds` (server time) to an arrival: from its absolute `time` when given, so that a
 * board received a while ago still counts down correctly; else the `minutes` the server computed.
 */
export function minutesUntil(arrival, nowSeconds) {
  if (Number.isFinite(arrival.time)) return Math.max(0, Math.floor((arrival.time - nowSeconds) / 60));
  return Math.max(0, Number(arrival.minutes) || 0);
}

/** Board groups that name a route (the rest of a malformed message is dropped, not drawn). */
export function validGroups(groups) {
  return Array.isArray(groups) ? groups.filter((g) => g && typeof g === "object" && (typeof g.route === "string" || typeof g.route === "number")) : [];
}

/** Alerts that are objects. */
export function validAlerts(alerts) {
  return Array.isArray(alerts) ? alerts.filter((a) => a && typeof a === "object") : [];
}
