// Where a vehicle is drawn at an instant: along its motion segment by time, never past the segment's end.
// Pure functions over the VehicleState wire form (docs/PROTOCOL.md); no map, no clock of their own.

const degrees = 180 / Math.PI;

/**
 * Prepares a vehicle's motion segment for fast per-frame lookups: cumulative lengths of its path in a local
 * equirectangular projection (metres are not needed, only proportions along the path).
 * Returns null when the state has no usable segment.
 */
export function prepareSegment(state) {
  const seg = state.seg;
  if (!seg || !Array.isArray(seg.path) || seg.path.length < 2) return null;
  const t0 = Number(seg.t0), t1 = Number(seg.t1);
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || t1 <= t0) return null;
  const path = seg.path.filter((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (path.length < 2) return null;
  const xScale = Math.cos(path[0][1] / degrees);
  const cumulative = [0];
  for (let i = 1; i < path.length; i++) {
    const dx = (path[i][0] - path[i - 1][0]) * xScale, dy = path[i][1] - path[i - 1][1];
    cumulative.push(cumulative[i - 1] + Math.hypot(dx, dy));
  }
  const total = cumulative[cumulative.length - 1];
  if (total <= 0) return null;
  return { t0, t1, path, cumulative, total, xScale };
}

/**
 * The drawn position and bearing at `nowSeconds` (server time). Before t0 the vehicle is at the start of its
 * segment, after t1 at its end: the page never extrapolates beyond the next stop.
 */
export function positionAt(state, segment, nowSeconds) {
  if (!segment) return { lon: state.lon, lat: state.lat, bearing: state.bearing ?? 0 };
  const fraction = Math.min(1, Math.max(0, (nowSeconds - segment.t0) / (segment.t1 - segment.t0)));
  const target = fraction * segment.total;
  const { path, cumulative } = segment;
  let i = 1;
  while (i < path.length - 1 && cumulative[i] < target) i++;
  const span = cumulative[i] - cumulative[i - 1];
  const local = span > 0 ? (target - cumulative[i - 1]) / span : 0;
  const [lon0, lat0] = path[i - 1], [lon1, lat1] = path[i];
  const bearing = span > 0 ? bearingOf(lon0, lat0, lon1, lat1, segment.xScale) : state.bearing ?? 0;
  return { lon: lon0 + (lon1 - lon0) * local, lat: lat0 + (lat1 - lat0) * local, bearing };
}

/** Whether the vehicle still moves at `nowSeconds` (the page can stop redrawing once everyone arrived). */
export function isMoving(segment, nowSeconds) {
  return segment !== null && nowSeconds < segment.t1;
}

/** Degrees clockwise from north of the step from one point to the next. */
function bearingOf(lon0, lat0, lon1, lat1, xScale) {
  const angle = Math.atan2((lon1 - lon0) * xScale, lat1 - lat0) * degrees;
  return (angle + 360) % 360;
}
