// The station display's rows: every upcoming train of the chosen lines and direction, soonest first, leaving out
// those that leave before a rider walking `walkMinutes` could reach the platform (the server leaves out past ones),
// with an equal share of the rows for each direction; and those rows in one section per direction.
import { arrivalsOf, minutesOnBoardClock, validGroups } from "./board-message.js";
import { compareRoutes } from "./routes.js";

/**
 * @param {object[]} groups `arrivals` message groups: `{route, direction, headsign, stale, arrivals: [{time, minutes}]}`
 * @param {{elapsedSeconds: number, nowSeconds: number}} clock seconds since the board arrived; the board's `ts` plus those
 * @param {{lines: string[]|null, direction: string|null, walkMinutes: number, rows: number}} options
 * @returns {{route, direction, headsign, minutes, order, stale, cancelled}[]} `stale`: the group's times may be out of
 * date; `cancelled`: the trip is cancelled (GTFS-realtime CANCELED), `minutes` then until its scheduled time
 */
export function boardRows(groups, { elapsedSeconds, nowSeconds }, { lines, direction, walkMinutes, rows }) {
  const all = [];
  for (const group of validGroups(groups)) {
    if (lines !== null && !lines.includes(String(group.route).toUpperCase())) continue;
    if (direction !== null && group.direction !== direction) continue;
    for (const arrival of arrivalsOf(group)) {
      const minutes = minutesOnBoardClock(arrival, elapsedSeconds, nowSeconds);
      if (minutes < walkMinutes) continue;
      // Absolute times order trains within a minute; all of a board's times are on one clock.
      const order = Number.isFinite(arrival.time) ? arrival.time : Infinity;
      const heading = typeof group.heading === "string" && group.heading ? group.heading : null;
      all.push({ route: group.route, direction: group.direction, heading, headsign: group.headsign, minutes, order,
        stale: group.stale === true, cancelled: arrival.cancelled === true });
    }
  }
  all.sort((a, b) => a.minutes - b.minutes || a.order - b.order || compareRoutes(a.route, b.route));
  return fairShare(all, rows);
}

/**
 * The `rows` soonest trains, except that every direction keeps an equal share of the rows when it has trains for
 * them: a screen shows both platforms, not six trains one way and none the other. Stays soonest first.
 * @param {{direction: string}[]} sorted trains, soonest first
 * @param {number} rows
 */
function fairShare(sorted, rows) {
  const directions = [...new Set(sorted.map((row) => row.direction))];
  const share = directions.length ? Math.floor(rows / directions.length) : 0;
  const taken = new Map(directions.map((d) => [d, 0]));
  const chosen = new Set();
  for (const row of sorted) {
    if (taken.get(row.direction) < share) {
      taken.set(row.direction, taken.get(row.direction) + 1);
      chosen.add(row);
    }
  }
  for (const row of sorted) {
    if (chosen.size >= rows) break;
    chosen.add(row);
  }
  return sorted.filter((row) => chosen.has(row));
}

/**
 * The chosen rows in one section per direction as the station words it (its `heading`, else the direction: at a
 * complex the 7's "Queens" and the 1's "Uptown" are two sections), northbound first, each soonest first: the display
 * draws a heading per section and makes each section's first train large.
 * @param {{direction: string, heading: string|null}[]} rows soonest first
 * @returns {{direction: string, heading: string|null, rows: object[]}[]}
 */
export function directionSections(rows) {
  const sections = new Map();
  for (const row of rows) {
    const key = JSON.stringify([row.direction, row.heading ?? null]);
    if (!sections.has(key)) sections.set(key, { direction: row.direction, heading: row.heading ?? null, rows: [] });
    sections.get(key).rows.push(row);
  }
  const rank = (d) => (d === "N" ? 0 : d === "S" ? 1 : 2);
  return [...sections.values()].sort((a, b) => rank(a.direction) - rank(b.direction)
    || String(a.direction).localeCompare(String(b.direction)) || String(a.heading ?? "").localeCompare(String(b.heading ?? "")));
}
