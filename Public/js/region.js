// Which region and layers the page subscribes to, from the map's view: the view plus a margin, subway only when
// zoomed in enough to show vehicles, buses only when closer still (thresholds from /api/config).

const kmPerDegreeLatitude = 111.32;
/** Each side of the view grows by this fraction of its size, so small pans need no new subscription. */
const margin = 0.25;
/** A region much larger than needed (after zooming in) is narrowed again to save bandwidth. */
const maxAreaRatio = 4;

/** Width or height of the view in kilometres, whichever is larger. */
export function viewSpanKm(bounds) {
  const south = bounds.getSouth(), north = bounds.getNorth();
  const middle = ((south + north) / 2) * Math.PI / 180;
  const width = (bounds.getEast() - bounds.getWest()) * kmPerDegreeLatitude * Math.cos(middle);
  const height = (north - south) * kmPerDegreeLatitude;
  return Math.max(width, height);
}

/** The subscription for a view: `{bbox, layers}`, with `layers` empty when no vehicle should be shown. The trains
 *  toggle asks for `trainLayers` (the network's rail, tram, ferry… modes), the buses one for `busLayers`. */
export function desiredRegion(bounds, { showTrains, showBuses, vehicleMaxSpanKm, busMaxSpanKm,
                                        trainLayers = ["subway"], busLayers = ["bus"] }) {
  const span = viewSpanKm(bounds);
  const layers = [];
  if (showTrains && span <= vehicleMaxSpanKm) layers.push(...trainLayers);
  if (showBuses && span <= busMaxSpanKm) layers.push(...busLayers);
  const dx = (bounds.getEast() - bounds.getWest()) * margin, dy = (bounds.getNorth() - bounds.getSouth()) * margin;
  const round = (value) => Math.round(value * 1e5) / 1e5;
  const bbox = [round(bounds.getWest() - dx), round(bounds.getSouth() - dy), round(bounds.getEast() + dx), round(bounds.getNorth() + dy)];
  return { bbox, layers, span };
}

/**
 * Whether the current subscription still serves the wanted one: same layers, the view inside the subscribed box,
 * and the box not needlessly large.
 */
export function subscriptionCovers(current, wanted, bounds) {
  if (!current || current.layers.join() !== wanted.layers.join()) return false;
  const [w, s, e, n] = current.bbox;
  const inside = bounds.getWest() >= w && bounds.getEast() <= e && bounds.getSouth() >= s && bounds.getNorth() <= n;
  const area = (box) => (box[2] - box[0]) * (box[3] - box[1]);
  return inside && area(current.bbox) <= area(wanted.bbox) * maxAreaRatio;
}
