// Draws the store's vehicles on the map every animation frame: trains as route bullets with an arrow that turns
// with their bearing (and with the map), buses as borough-coloured pills. Letters stay upright; the arrow and the
// trains' lateral offset are placed in screen pixels, so both directions of a line separate at every zoom.
// Below `compactBelowZoom` (the whole city on one screen) a train is a small dot in its line's colour with a small
// arrow, so that every train of the network fits without hiding the lines; the same two layers draw both forms.
import { isRoadKind, iconFamily } from "./modes.js";
import { positionAt, isMoving } from "./motion.js";
import { bulletRadius, dotRadius, pillHalfSize } from "./icons.js";
import { spreadOverlaps } from "./overlap.js";

/** Below this zoom trains are drawn compact (dot and small arrow), from it as full route bullets. */
export const compactBelowZoom = 12.5;
/** Screen pixels between a train's track position and its bullet's centre, to the right of its travel. */
const lateralOffset = bulletRadius - 1;
/** The same for the compact dot: enough to part the two directions of a line at city zooms. */
const compactLateralOffset = dotRadius - 1.5;
const arrowHalfHeight = 4;
const smallArrowHalfHeight = 2.5;
/** A layout value that is `compact` below `compactBelowZoom` and `full` from it. */
const byZoom = (compact, full) => ["step", ["zoom"], compact, compactBelowZoom, full];
const radians = Math.PI / 180;
/** After this long without the source reporting loaded, the next update is sent anyway. */
const maxInFlightMs = 2000;

/** Names of the map layers and source this module owns (tests query them with queryRenderedFeatures). */
export const vehicleLayers = {
  source: "vehicles",
  arrows: "vehicle-arrows",
  icons: "vehicle-icons",
};

/** Adds the vehicle source and layers; call once the style has loaded. */
export function addVehicleLayers(map) {
  map.addSource(vehicleLayers.source, { type: "geojson", data: emptyCollection(), promoteId: "id", maxzoom: 12 });
  const common = {
    "icon-allow-overlap": true,
    "icon-ignore-placement": true,
    "icon-pitch-alignment": "viewport",
  };
  map.addLayer({
    id: vehicleLayers.arrows,
    type: "symbol",
    source: vehicleLayers.source,
    layout: {
      ...common,
      "icon-image": byZoom("arrow-small", "arrow"),
      "icon-rotate": ["get", "rot"],
      "icon-rotation-alignment": "map",
      "icon-offset": byZoom(["get", "daoff"], ["get", "aoff"]),
      "symbol-sort-key": ["get", "order"],
    },
  });
  map.addLayer({
    id: vehicleLayers.icons,
    type: "symbol",
    source: vehicleLayers.source,
    layout: {
      ...common,
      "icon-image": byZoom(["get", "dot"], ["get", "icon"]),
      "icon-rotation-alignment": "viewport",
      "icon-offset": byZoom(["get", "doff"], ["get", "off"]),
      "symbol-sort-key": ["get", "order"],
    },
  });
}

/** Keeps the vehicle source in step with the store and the clock, one `setData` per animation frame at most. */
export class VehicleRenderer {
  /**
   * @param {maplibregl.Map} map
   * @param {import("./vehicle-store.js").VehicleStore} store
   * @param {{reducedMotion: boolean, onDraw?: (drawn: object[]) => void}} options
   */
  constructor(map, store, options) {
    this.map = map;
    this.store = store;
    this.reducedMotion = options.reducedMotion;
    this.onDraw = options.onDraw ?? (() => {});
    this.visibleKinds = new Set(["subway", "bus"]);
    /** Every vehicle drawn dimmed: the page has lost the server, so no position is current. */
    this.allDimmed = false;
    this.drawn = [];
    this.drawnVersion = -1;
    this.drawnBearing = null;
    this.drawnZoom = null;
    this.anyMoving = false;
    this.frame = null;
    this.inFlightSinceMs = null;
    map.on("rotate", () => this.request());
    // Which icons overlap depends on the zoom: they are spread again once a zoom ends.
    map.on("zoomend", () => this.request());
    // Back-pressure: a new setData waits until the worker has laid out the previous one, so that on a slow
    // machine every update still reaches the screen instead of each one cancelling the last.
    map.on("sourcedata", (event) => {
      if (vehicleTilesLoaded(event)) this.inFlightSinceMs = null;
    });
  }

  /** Which kinds of vehicle ("subway", "bus", "tram"…) are drawn: by the layer toggles and the zoom thresholds. */
  setVisibleKinds(kinds) {
    if ([...kinds].sort().join() === [...this.visibleKinds].sort().join()) return;
    this.visibleKinds = new Set(kinds);
    this.drawnVersion = -1;
    this.request();
  }

  /** Dims every vehicle (the server is lost) or draws each by its own flags again. */
  setAllDimmed(dimmed) {
    if (dimmed === this.allDimmed) return;
    this.allDimmed = dimmed;
    this.drawnVersion = -1;
    this.request();
  }

  /** Asks for a redraw on the next animation frame (new data, map rotation, visibility). */
  request() {
    if (this.frame === null) this.frame = requestAnimationFrame((now) => this.tick(now));
  }

  tick() {
    this.frame = null;
    const bearing = this.map.getBearing();
    const stale = this.drawnVersion !== this.store.version || this.drawnBearing !== bearing
      || this.drawnZoom !== this.map.getZoom();
    const animating = this.anyMoving && !this.reducedMotion;
    if (!stale && !animating) return;
    if (this.inFlightSinceMs !== null && performance.now() - this.inFlightSinceMs < maxInFlightMs) {
      this.request();
      return;
    }
    this.draw(bearing);
    this.inFlightSinceMs = performance.now();
    if (animating) this.request();
  }

  draw(mapBearing) {
    const nowSeconds = this.store.placementNowSeconds();
    const features = [];
    const drawn = [];
    let anyMoving = false;
    for (const record of this.store.records.values()) {
      const { state, segment } = record;
      if (!this.visibleKinds.has(state.kind)) continue;
      const place = positionAt(state, this.reducedMotion ? null : segment, nowSeconds);
      anyMoving ||= isMoving(segment, nowSeconds);
      features.push(vehicleFeature(state, place, mapBearing, this.allDimmed));
      drawn.push({ record, place });
    }
    // A 1 and a 2 at one platform are two bullets side by side, not one on top of the other.
    spreadOverlaps(features, (coordinates) => this.map.project(coordinates), mapBearing);
    this.anyMoving = anyMoving;
    this.drawn = drawn;
    this.drawnVersion = this.store.version;
    this.drawnBearing = mapBearing;
    this.drawnZoom = this.map.getZoom();
    this.map.getSource(vehicleLayers.source)?.setData({ type: "FeatureCollection", features });
    this.onDraw(drawn);
  }
}

/**
 * Whether a map `sourcedata` event says the vehicle tiles are laid out with the latest data: a tile finished
 * loading and none is pending. (The event `setData` itself fires comes before the tiles reload.)
 */
export function vehicleTilesLoaded(event) {
  return event.sourceId === vehicleLayers.source && event.isSourceLoaded && event.tile !== undefined;
}

function emptyCollection() {
  return { type: "FeatureCollection", features: [] };
}

/**
 * One GeoJSON point with everything the two symbol layers read. A dimmed vehicle (stale, not started, or every
 * vehicle while the server is lost) is drawn hollow ("bullet-dim:…") rather than faded, so it keeps its contrast.
 */
export function vehicleFeature(state, place, mapBearing, allDimmed) {
  const flags = state.flags ?? [];
  const dimmed = allDimmed || flags.includes("stale") || flags.includes("not_started");
  const onScreen = (place.bearing - mapBearing) * radians;
  const sin = Math.sin(onScreen), cos = Math.cos(onScreen);
  let icon, off, aoff, dot, doff, daoff;
  if (isRoadKind(state.kind)) {
    const { halfWidth, halfHeight } = pillHalfSize(state.route);
    // Distance from the pill's centre to its edge along the direction of travel, then half an arrowhead more.
    const edge = Math.min(Math.abs(sin) > 1e-6 ? halfWidth / Math.abs(sin) : Infinity,
                          Math.abs(cos) > 1e-6 ? halfHeight / Math.abs(cos) : Infinity);
    icon = `${dimmed ? "pill-dim" : "pill"}:${state.route}`;
    off = [0, 0];
    aoff = [0, -(edge + arrowHalfHeight)];
    // Buses are subscribed only from the zoom where pills are legible; a compact bus is the pill as well.
    [dot, doff, daoff] = [icon, off, aoff];
  } else {
    icon = `${iconFamily(state.kind)}${dimmed ? "-dim" : ""}:${state.route}`;
    // Right of travel on screen is the travel direction turned 90° clockwise: (cos, sin) in x-right, y-down pixels.
    off = [lateralOffset * cos, lateralOffset * sin];
    // The arrow layer's offset is in the arrow's own rotated frame: "up" is the direction of travel.
    aoff = [lateralOffset, -(bulletRadius + arrowHalfHeight)];
    dot = `${dimmed ? "dot-dim" : "dot"}:${state.route}`;
    doff = [compactLateralOffset * cos, compactLateralOffset * sin];
    daoff = [compactLateralOffset, -(dotRadius + smallArrowHalfHeight)];
  }
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: [place.lon, place.lat] },
    properties: {
      id: state.id,
      kind: state.kind,
      route: state.route,
      icon,
      dot,
      rot: place.bearing,
      off,
      aoff,
      doff,
      daoff,
      order: dimmed ? 0 : 1,
    },
  };
}
