// The offline base map: water as the background, the bundled borough outlines as land, then the page's own
// layers (subway lines, stations, bus stops, entrances). No tiles, glyphs or sprites, so no request leaves the server.

/** Ids of the static layers, by the toggle that controls them. */
export const staticLayers = {
  lines: ["route-lines"],
  busStops: ["bus-stops"],
  entrances: ["entrances"],
  stations: ["stations"],
};

const water = "#c9dcea";
const land = "#f4f2ee";

/** A style with only a background: the base on which `addStaticLayers` puts everything. Water under NYC's borough
 *  land; plain land for any other network, whose coastline the page does not have. */
export function emptyStyle({ withLand = true } = {}) {
  return { version: 8, sources: {}, layers: [{ id: "water", type: "background", paint: { "background-color": withLand ? water : land } }] };
}

/** Adds borough land, route lines, stations, bus stops and entrances (sources start empty where data comes later). */
export function addStaticLayers(map, { boroughsUrl, withLand }) {
  const empty = { type: "FeatureCollection", features: [] };
  if (withLand) {
    map.addSource("boroughs", { type: "geojson", data: boroughsUrl });
    map.addLayer({ id: "land", type: "fill", source: "boroughs", paint: { "fill-color": land } });
    map.addLayer({
      id: "borough-outlines", type: "line", source: "boroughs",
      paint: { "line-color": "#a7adb5", "line-width": ["interpolate", ["linear"], ["zoom"], 9, 0.5, 14, 1.5] },
    });
  }
  map.addSource("routes", { type: "geojson", data: empty });
  map.addLayer({
    id: "route-lines", type: "line", source: "routes",
    layout: { "line-cap": "round", "line-join": "round" },
    paint: { "line-color": ["coalesce", ["get", "color"], "#808183"], "line-width": ["interpolate", ["linear"], ["zoom"], 10, 1.5, 13, 3, 16, 5] },
  });
  map.addSource("entrances", { type: "geojson", data: empty });
  map.addLayer({
    id: "entrances", type: "symbol", source: "entrances", minzoom: 14,
    layout: { "icon-image": "entrance", "icon-allow-overlap": true, visibility: "none" },
  });
  map.addSource("bus-stops", { type: "geojson", data: empty, promoteId: "id" });
  map.addLayer({
    id: "bus-stops", type: "symbol", source: "bus-stops", minzoom: 13,
    layout: { "icon-image": "bus-stop", "icon-allow-overlap": true, visibility: "none" },
  });
  map.addSource("stations", { type: "geojson", data: empty, promoteId: "id" });
  map.addLayer({
    id: "stations", type: "symbol", source: "stations", minzoom: 10,
    layout: {
      "icon-image": "station",
      "icon-size": ["interpolate", ["linear"], ["zoom"], 10, 0.6, 14, 1],
      "icon-allow-overlap": true,
    },
  });
}

/** Shows or hides a group of static layers. */
export function setStaticLayerVisible(map, group, visible) {
  for (const id of staticLayers[group] ?? []) {
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
  }
}
