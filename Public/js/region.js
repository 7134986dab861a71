// Which region and layers the page subscribes to, from the map's view: the view plus a margin; subway trains from
// the zoom where the whole city fits on a screen, buses only from the zoom where their pills are legible
// (thresholds from /api/config). The server bounds each view by a budget of vehicles and bytes, not by its size,
// so a whole-city subway view is one subscription (docs/PROTOCOL.md).

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

/**
 * The subscription for a view: `{bbox, layers, span, hidden}`, with `layers` empty when no vehicle should be shown
 * and `hidden` the toggles ("subway" for trains, "bus") that are on but need a closer zoom. The trains toggle asks
 * for `trainLayers` (the network's rail, tram, ferry… modes), the buses one for `busLayers`.
 */
export function desiredRegion(bounds, zoom, { showTrains, showBuses, subwayMinZoom, busMinZoom,
                                              trainLayers = ["subway"], busLayers = ["bus"] }) {
  const layers = [];
  const hidden = [];
  if (showTrains) zoom >= subwayMinZoom ? layers.push(...trainLayers) : hidden.push("subway");
  if (showBuses) zoom >= busMinZoom ? layers.push(...busLayers) : hidden.push("bus");
  const dx = (bounds.getEast() - bounds.getWest()) * margin, dy = (bounds.getNorth() - bounds.getSouth()) * margin;
  const round = (value) => Math.round(value * 1e5) / 1e5;
  const clamp = (value, limit) => Math.max(-limit, Math.min(limit, value));
  const bbox = [
    clamp(round(bounds.getWest() - dx), 180), clamp(round(bounds.getSouth() - dy), 90),
    clamp(round(bounds.getEast() + dx), 180), clamp(round(bounds.getNorth() + dy), 90),
  ];
  return { bbox, layers, span: viewSpanKm(bounds), hidden };
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
