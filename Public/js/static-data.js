// Route shapes, stations, bus stops and entrances from the REST API into the map's static sources.
import { learnRouteColors } from "./routes.js";

/** What the page keeps of the static data: stations and bus stops by id, for popups and search. */
export async function loadStaticData(map, config) {
  // Live vehicles do not depend on these: without them the map still runs, with fewer layers.
  const orEmpty = (path) => getGeoJSON(path).catch((error) => {
    console.warn(`trackside: ${error.message}; continuing without it`);
    return { type: "FeatureCollection", features: [] };
  });
  const [routes, stations] = await Promise.all([orEmpty("/api/routes"), orEmpty("/api/stations")]);
  for (const feature of routes.features) {
    const p = feature.properties ?? {};
    learnRouteColors(p.route, p.color, p.text_color, p.short_name);
    if (typeof p.color === "string" && !p.color.startsWith("#")) p.color = `#${p.color}`;
  }
  map.getSource("routes").setData(routes);
  map.getSource("stations").setData(stations);
  const byId = new Map();
  for (const feature of stations.features) {
    const p = feature.properties ?? {};
    const [lon, lat] = feature.geometry?.coordinates ?? [];
    if (typeof p.id === "string" && Number.isFinite(lon) && Number.isFinite(lat)) {
      byId.set(p.id, { id: p.id, name: p.name ?? p.id, lines: Array.isArray(p.lines) ? p.lines : [], lon, lat });
    }
  }
  return {
    stations: byId,
    busStops: new Map(),
    hasEntrances: Boolean(config.entrances),
    loadBusStops: (bounds) => loadBusStops(map, bounds),
    loadEntrances: () => loadEntrances(map),
  };
}

/** Bus stops in the view; returns them by id (properties `id`, `name`, `routes`). */
async function loadBusStops(map, bounds) {
  const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((v) => v.toFixed(5)).join(",");
  const stops = await getGeoJSON(`/api/bus-stops?bbox=${bbox}`);
  map.getSource("bus-stops").setData(stops);
  const byId = new Map();
  for (const feature of stops.features) {
    const p = feature.properties ?? {};
    const [lon, lat] = feature.geometry?.coordinates ?? [];
    if (p.id !== undefined) byId.set(String(p.id), { id: String(p.id), name: p.name ?? String(p.id), routes: p.routes ?? [], lon, lat });
  }
  return byId;
}

async function loadEntrances(map) {
  map.getSource("entrances").setData(await getGeoJSON("/api/entrances"));
}

async function getGeoJSON(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = await response.json();
  if (body?.type !== "FeatureCollection" || !Array.isArray(body.features)) throw new Error(`${path} is not a FeatureCollection`);
  return body;
}
