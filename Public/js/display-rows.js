// The station display's rows: every upcoming train of the chosen lines and direction, soonest first, leaving out
// those that leave before a rider walking `walkMinutes` could reach the platform (the server leaves out past ones).
import { arrivalsOf, minutesUntil, validGroups } from "./board-message.js";
import { compareRoutes } from "./routes.js";

/**
 * @param {object[]} groups `arrivals` message groups: `{route, direction, headsign, arrivals: [{time, minutes}]}`
 * @param {{elapsedSeconds: number, nowSeconds: number}} clock seconds since the board arrived; server wall time
 * @param {{lines: string[]|null, direction: string|null, walkMinutes: number, rows: number}} options
 * @returns {{route, direction, headsign, minutes, order}[]}
 */
export function boardRows(groups, { elapsedSeconds, nowSeconds }, { lines, direction, walkMinutes, rows }) {
  const all = [];
  for (const group of validGroups(groups)) {
    if (lines !== null && !lines.includes(String(group.route).toUpperCase())) continue;
    if (direction !== null && group.direction !== direction) continue;
    for (const arrival of arrivalsOf(group)) {
      const minutes = minutesUntil(arrival, elapsedSeconds, nowSeconds);
      if (minutes < walkMinutes) continue;
      // Absolute times order trains within a minute; all of a board's times are on one clock.
      const order = Number.isFinite(arrival.time) ? arrival.time : Infinity;
      all.push({ route: group.route, direction: group.direction, headsign: group.headsign, minutes, order });
    }
  }
  all.sort((a, b) => a.minutes - b.minutes || a.order - b.order || compareRoutes(a.route, b.route));
  return all.slice(0, rows);
}
