// The map's base and static layers. Offline (the default) the base is the server's bundled base map: water as the
// background, land per zoom level, parks, cemeteries and airports, neighbourhood and borough names, drawn with the
// vendored Open Sans glyphs, so no request leaves the server. A deployment with its own tiles names a MapLibre
// style instead (`serve --basemap-style URL`, `basemap` in /api/config); the page's layers go on top of it.
// Station names come from /api/stations and are placed with MapLibre's collision detection from zoom 13.

/** Ids of the static layers, by the toggle that controls them. */
export const staticLayers = {
  lines: ["route-lines"],
  busStops: ["bus-stops"],
  entrances: ["entrances"],
  stations: ["stations", "station-labels"],
};

/** Ids of the label layers (tests query them with queryRenderedFeatures). */
export const labelLayers = {
  stations: "station-labels",
  neighbourhoods: "place-neighbourhoods",
  areas: "place-areas",
  boroughs: "place-boroughs",
};

const colors = {
  water: "#c9dcea",
  land: "#f4f2ee",
  ground: "#eef0f2",
  park: "#d6ead0",
  cemetery: "#dde6d8",
  airport: "#e4e4ea",
  outline: "#a7adb5",
  ink: "#1b1f24",
  place: "#4f5661",
  parkInk: "#2c5e36",
};
const regular = ["Open Sans Regular"];
const semibold = ["Open Sans Semibold"];
/** Station names on the first layer placed: they win collisions against neighbourhood names. */
const stationLabelMinZoom = 13;

/** The vendored glyph ranges' URL template (absolute, as MapLibre's worker requires). */
export function glyphsUrl() {
  // Built by hand: URL() would percent-encode the braces MapLibre looks for.
  return `${new URL("vendor/fonts/", document.baseURI).href}{fontstack}/{range}.pbf`;
}

/**
 * The style the map starts with: a background only (water under the bundled land, or a plain ground when there is
 * no base map at all) and the vendored glyphs. `addStaticLayers` and `OfflineBaseMap` put everything else on it.
 */
export function emptyStyle({ withLand }) {
  return {
    version: 8,
    glyphs: glyphsUrl(),
    sources: {},
    layers: [{ id: "background", type: "background", paint: { "background-color": withLand ? colors.water : colors.ground } }],
  };
}

/**
 * The bundled base map: land and drawn areas per zoom level from its manifest, each level's file fetched only when
 * the map first comes into its range, so the default view loads one level of each.
 */
export class OfflineBaseMap {
  /**
   * @param {maplibregl.Map} map with its style loaded
   * @param {string} manifestUrl `offline_basemap` of /api/config
   * @param {{land: {file, minzoom, maxzoom}[], areas: {file, minzoom, maxzoom}[], labels: string, attribution: string}} manifest
   */
  constructor(map, manifestUrl, manifest) {
    this.map = map;
    this.levels = [];
    const url = (file) => new URL(file, manifestUrl).href;
    const empty = { type: "FeatureCollection", features: [] };
    for (const [layer, levels] of [["land", manifest.land], ["areas", manifest.areas]]) {
      for (const level of levels) {
        const id = `${layer}-z${level.minzoom}`;
        map.addSource(id, { type: "geojson", data: empty, attribution: manifest.attribution });
        const range = { minzoom: level.minzoom, maxzoom: level.maxzoom };
        if (layer === "land") {
          map.addLayer({ id, type: "fill", source: id, ...range, paint: { "fill-color": colors.land } });
          map.addLayer({
            id: `${id}-outline`, type: "line", source: id, ...range,
            paint: { "line-color": colors.outline, "line-width": ["interpolate", ["linear"], ["zoom"], 9, 0.5, 14, 1.2] },
          });
        } else {
          map.addLayer({
            id, type: "fill", source: id, ...range,
            paint: { "fill-color": ["match", ["get", "kind"], "park", colors.park, "cemetery", colors.cemetery, colors.airport] },
          });
        }
        this.levels.push({ id, url: url(level.file), ...range, loaded: false });
      }
    }
    this.labelsUrl = url(manifest.labels);
    this.load();
    map.on("zoomend", () => this.load());
  }

  /** Fetches the levels the current zoom needs, and the next finer one a quarter zoom early. */
  load() {
    const zoom = this.map.getZoom();
    for (const level of this.levels) {
      if (level.loaded || zoom < level.minzoom - 0.25 || zoom >= level.maxzoom) continue;
      level.loaded = true;
      // Fetched here rather than by MapLibre's worker, so that the page's resource timing counts it.
      fetchJSON(level.url)
        .then((data) => this.map.getSource(level.id).setData(data))
        .catch((error) => { level.loaded = false; console.warn(`trackside: base map ${error.message}`); });
    }
  }

  /** The base map's own label layers (neighbourhoods, parks, boroughs), under the station names. */
  addLabels() {
    const map = this.map;
    map.addSource("places", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    fetchJSON(this.labelsUrl)
      .then((data) => map.getSource("places").setData(data))
      .catch((error) => console.warn(`trackside: base map labels ${error.message}`));
    const halo = { "text-halo-color": "rgba(255,255,255,0.9)", "text-halo-width": 1.25 };
    map.addLayer({
      id: labelLayers.areas, type: "symbol", source: "places", minzoom: 12,
      filter: ["all", ["in", ["get", "kind"], ["literal", ["park", "cemetery", "airport"]]],
        // The larger areas first; the small parks when there is room for them.
        [">=", ["zoom"], ["step", ["get", "rank"], 12, 6, 13, 20, 14]]],
      layout: {
        "text-field": ["get", "name"], "text-font": regular, "text-size": ["interpolate", ["linear"], ["zoom"], 12, 10.5, 16, 13],
        "text-max-width": 7, "symbol-sort-key": ["get", "rank"], "text-padding": 4,
      },
      paint: { "text-color": ["match", ["get", "kind"], "park", colors.parkInk, colors.place], ...halo },
    });
    map.addLayer({
      id: labelLayers.neighbourhoods, type: "symbol", source: "places", minzoom: 11, maxzoom: 16.5,
      filter: ["all", ["in", ["get", "kind"], ["literal", ["neighbourhood", "place"]]],
        [">=", ["zoom"], ["step", ["get", "rank"], 11, 40, 12, 120, 12.5]]],
      layout: {
        "text-field": ["get", "name"], "text-font": regular, "text-size": ["interpolate", ["linear"], ["zoom"], 11, 10.5, 15, 13],
        "text-max-width": 7, "symbol-sort-key": ["get", "rank"], "text-padding": 6,
      },
      paint: { "text-color": colors.place, ...halo },
    });
    map.addLayer({
      id: labelLayers.boroughs, type: "symbol", source: "places", minzoom: 8.5, maxzoom: 12,
      filter: ["==", ["get", "kind"], "borough"],
      layout: {
        "text-field": ["get", "name"], "text-font": semibold, "text-transform": "uppercase", "text-letter-spacing": 0.12,
        "text-size": ["interpolate", ["linear"], ["zoom"], 9, 11, 11, 14],
      },
      paint: { "text-color": colors.place, ...halo },
    });
  }
}

/**
 * Adds route lines, stations with their names, bus stops and entrances (sources start empty where data comes
 * later). `baseMap` (an `OfflineBaseMap`, or null) puts its labels between the lines and the station names.
 * `fonts` is the station names' font stack: ours, or one the deployment's own style has glyphs for.
 */
export function addStaticLayers(map, { baseMap, fonts = semibold }) {
  const empty = { type: "FeatureCollection", features: [] };
  map.addSource("routes", { type: "geojson", data: empty });
  map.addLayer({
    id: "route-lines", type: "line", source: "routes",
    layout: { "line-cap": "round", "line-join": "round" },
    paint: { "line-color": ["coalesce", ["get", "color"], "#808183"], "line-width": ["interpolate", ["linear"], ["zoom"], 10, 1.5, 13, 3, 16, 5] },
  });
  baseMap?.addLabels();
  map.addSource("entrances", { type: "geojson", data: empty });
  map.addLayer({
    // Street zoom: below it the station marks say enough. Street elevators stand out, red while their station has an
    // elevator out of service (`elevator_out`).
    id: "entrances", type: "symbol", source: "entrances", minzoom: 16,
    layout: {
      "icon-image": ["case", ["get", "elevator_out"], "entrance-elevator-out", ["get", "step_free"], "entrance-step-free", "entrance"],
      "icon-allow-overlap": true, visibility: "none",
    },
  });
  map.addSource("bus-stops", { type: "geojson", data: empty, promoteId: "id" });
  map.addLayer({
    id: "bus-stops", type: "symbol", source: "bus-stops", minzoom: 13,
    layout: { "icon-image": "bus-stop", "icon-allow-overlap": true, visibility: "none" },
  });
  map.addSource("stations", { type: "geojson", data: empty, promoteId: "id" });
  map.addLayer({
    // From zoom 12: at city zooms the lines and the trains on them say enough, and station marks would hide trains.
    id: "stations", type: "symbol", source: "stations", minzoom: 12,
    layout: {
      "icon-image": "station",
      "icon-size": ["interpolate", ["linear"], ["zoom"], 12, 0.6, 14, 1],
      "icon-allow-overlap": true,
    },
  });
  map.addLayer({
    id: labelLayers.stations, type: "symbol", source: "stations", minzoom: stationLabelMinZoom,
    layout: {
      "text-field": ["get", "name"], "text-font": fonts,
      "text-size": ["interpolate", ["linear"], ["zoom"], 13, 11, 16, 13.5],
      "text-variable-anchor": ["left", "right", "top", "bottom"], "text-radial-offset": 0.85, "text-justify": "auto",
      "text-max-width": 9, "text-padding": 2,
      // Stations served by more lines keep their names when labels collide.
      "symbol-sort-key": ["-", 0, ["length", ["coalesce", ["get", "lines"], ["literal", []]]]],
    },
    paint: { "text-color": colors.ink, "text-halo-color": "#ffffff", "text-halo-width": 1.5 },
  });
}

/** The first font stack a style's own symbol layers use, so that station names need no glyphs it lacks. */
export function styleFonts(map) {
  for (const layer of map.getStyle().layers ?? []) {
    const fonts = layer.layout?.["text-font"];
    if (Array.isArray(fonts) && fonts.every((font) => typeof font === "string")) return fonts;
  }
  return null;
}

async function fetchJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Shows or hides a group of static layers. */
export function setStaticLayerVisible(map, group, visible) {
  for (const id of staticLayers[group] ?? []) {
    if (map.getLayer(id)) map.setLayoutProperty(id, "visibility", visible ? "visible" : "none");
  }
}
