// The station display's rows: every upcoming train of the chosen lines and direction, soonest first, leaving out
// those that leave before a rider walking `walkMinutes` could reach the platform.
import { arrivalsOf, minutesUntil, validGroups } from "./board-message.js";
import { compareRoutes } from "./routes.js";

/**
 * @param {object[]} groups `arrivals` message groups: `{route, direction, headsign, arrivals: [{time, minutes}]}`
 * @param {number} nowSeconds server time
 * @param {{lines: string[]|null, direction: string|null, walkMinutes: number, rows: number}} options
 * @returns {{route, direction, headsign, minutes, time}[]}
 */
export function boardRows(groups, nowSeconds, { lines, direction, walkMinutes, rows }) {
  const all = [];
  for (const group of validGroups(groups)) {
    if (lines !== null && !lines.includes(String(group.route).toUpperCase())) continue;
    if (direction !== null && group.direction !== direction) continue;
    for (const arrival of arrivalsOf(group)) {
      if (Number.isFinite(arrival.time) && arrival.time < nowSeconds - 30) continue;
      const minutes = minutesUntil(arrival, nowSeconds);
      if (minutes < walkMinutes) continue;
      all.push({ route: group.route, direction: group.direction, headsign: group.headsign, minutes,
                 time: Number.isFinite(arrival.time) ? arrival.time : nowSeconds + minutes * 60 });
    }
  }
  all.sort((a, b) => a.time - b.time || compareRoutes(a.route, b.route));
  return all.slice(0, rows);
}
