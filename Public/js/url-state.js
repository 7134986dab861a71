// The page's address follows what it shows, so it can be bookmarked or shared: `?at=lon,lat,zoom,bearing` for the
// view (rewritten with `history.replaceState` at most twice a second, never adding history entries) and
// `&vehicle=ID` while a vehicle's card is open. A link whose `at` is not a place is refused with a visible message.

const writeIntervalMs = 500;
const maxZoom = 22;

/**
 * The view an `at=lon,lat[,zoom[,bearing]]` parameter asks for: `{view: {center, zoom, bearing}|null, error}`.
 * Absent → no view and no error; malformed or off the globe → no view and the message to show.
 */
export function parseView(at) {
  if (at === null || at === undefined || at === "") return { view: null, error: null };
  const parts = String(at).split(",");
  const numbers = parts.map((part) => (part.trim() === "" ? NaN : Number(part)));
  const [lon, lat, zoom, bearing] = numbers;
  const valid = parts.length >= 2 && parts.length <= 4 && numbers.every(Number.isFinite)
    && Math.abs(lon) <= 180 && Math.abs(lat) <= 85 && (zoom === undefined || (zoom >= 0 && zoom <= maxZoom));
  if (!valid) {
    const shown = String(at).slice(0, 60);
    return { view: null, error: `This link's map position "${shown}" is not a place on the map (expected at=longitude,latitude,zoom); showing the default view.` };
  }
  return { view: { center: [lon, lat], zoom: zoom ?? null, bearing: bearing === undefined ? 0 : ((bearing % 360) + 360) % 360 }, error: null };
}

/** The `at` value of a map's view: 5 decimals of a degree (about a metre), zoom to 2, bearing in whole degrees. */
export function viewParameter(map) {
  const { lng, lat } = map.getCenter();
  const bearing = Math.round(((map.getBearing() % 360) + 360) % 360) % 360;
  const parts = [lng.toFixed(5), lat.toFixed(5), map.getZoom().toFixed(2)];
  if (bearing !== 0) parts.push(String(bearing));
  return parts.join(",");
}

/** Keeps the address bar on the map's view (and the open vehicle, from `openVehicle()`), throttled. */
export function followViewInAddress(map, { openVehicle }) {
  let last = 0;
  let timer = null;
  const write = () => {
    timer = null;
    last = Date.now();
    const params = new URLSearchParams(location.search);
    params.set("at", viewParameter(map));
    const vehicle = openVehicle();
    if (vehicle) params.set("vehicle", vehicle);
    else params.delete("vehicle");
    // Commas read better than %2C and are safe in a query.
    const query = params.toString().replace(/%2C/g, ",");
    const next = `${location.pathname}?${query}${location.hash}`;
    if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, "", next);
  };
  const schedule = () => {
    if (timer !== null) return;
    timer = setTimeout(write, Math.max(0, last + writeIntervalMs - Date.now()));
  };
  map.on("moveend", schedule);
  return schedule;
}
