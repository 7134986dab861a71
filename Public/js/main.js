// The map page: builds the map, loads the static layers, and connects the live feed (or, with `?bench=N`, a
// synthetic one for frame-time measurements). URL options: `at=lon,lat,zoom[,bearing]`, `bench=N`.
import { collectErrors, publishStatus } from "./page-status.js";
import { drawIcon } from "./icons.js";
import { emptyStyle, addStaticLayers } from "./map-style.js";
import { addVehicleLayers, VehicleRenderer, vehicleLayers, vehicleTilesLoaded } from "./vehicle-layer.js";
import { VehicleStore } from "./vehicle-store.js";
import { LiveFeed } from "./live-feed.js";
import { Connection, serverSocketUrl } from "./connection.js";
import { StopPopup } from "./stop-popup.js";
import { setUpSearch } from "./search.js";
import { VehicleList } from "./vehicle-list.js";
import { Announcer } from "./announcer.js";
import { StatusBadge } from "./status-badge.js";
import { setUpControls } from "./controls.js";
import { loadStaticData } from "./static-data.js";
import { VehicleTooltip } from "./vehicle-tooltip.js";
import { serverConfig } from "./server-config.js";

const reportError = collectErrors();
const params = new URLSearchParams(location.search);
const benchCount = Number(params.get("bench") ?? 0);
const defaults = { source: null, version: null, basemap: null, land: "nyc-boroughs", vehicle_max_span_km: 8, bus_max_span_km: 3 };

start().catch((error) => reportError(`start failed: ${error?.stack ?? error}`));

async function start() {
  const config = benchCount > 0 ? { ...defaults, source: "bench" } : { ...defaults, ...(await serverConfig()) };
  if (config.title) document.title = config.title;
  const map = createMap(config);
  const store = new VehicleStore();
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const announcer = new Announcer(document.getElementById("announcer"));
  const announce = (text) => announcer.announce(text);
  const list = new VehicleList(map, {
    list: document.getElementById("vehicle-list"),
    summary: document.getElementById("vehicle-list-summary"),
    announce,
  });
  let ready = false;
  let awaitingFirstDraw = true;
  const renderer = new VehicleRenderer(map, store, {
    reducedMotion,
    onDraw: (drawn) => {
      list.update(drawn);
      if (awaitingFirstDraw && store.epoch !== null) {
        awaitingFirstDraw = false;
        whenVehiclesRendered(map).then(() => { ready = true; });
      }
    },
  });
  const status = new StatusBadge(document.getElementById("status"));
  const popup = new StopPopup(map, {
    send: (message) => feed?.send(message) ?? false,
    serverNowSeconds: () => store.serverNowSeconds(),
    announce,
  });
  let feed = null;
  let stations = new Map();

  publishStatus({
    map: () => map,
    state: () => feed?.connection.state ?? (benchCount > 0 ? "bench" : "connecting"),
    source: () => config.source,
    epoch: () => store.epoch,
    seq: () => store.seq,
    vehiclesKnown: () => store.records.size,
    vehiclesDrawn: () => renderer.drawn.length,
    vehicleIds: () => [...store.records.keys()],
    drawnIds: () => renderer.drawn.map(({ record }) => record.state.id),
    subscription: () => (feed?.current ? { bbox: [...feed.current.bbox], layers: [...feed.current.layers] } : null),
    lastServerError: () => feed?.lastError ?? null,
    snapshots: () => feed?.snapshots ?? 0,
    openStop: () => popup.openStopId,
    stationsLoaded: () => stations.size,
    reducedMotion: () => reducedMotion,
    ready: () => ready,
  });

  map.on("error", (event) => reportError(`map: ${event.error?.message ?? event.error ?? "error"}`));
  await new Promise((resolve) => map.once("load", resolve));
  // NYC's boroughs are land only under a New York network (/api/config's `land`).
  addStaticLayers(map, { boroughsUrl: absolute("/data/boroughs.geojson"),
                         withLand: !config.basemap && benchCount === 0 && config.land === "nyc-boroughs" });
  addVehicleLayers(map);
  new VehicleTooltip(map, store, vehicleLayers.icons);

  if (benchCount > 0) {
    const { runBench } = await import("./bench.js");
    return runBench(map, store, renderer, { count: benchCount, params });
  }

  const data = await loadStaticData(map, config);
  stations = data.stations;
  feed = new LiveFeed({
    map, store, renderer, popup, config,
    onHello: (hello) => {
      document.getElementById("demo-badge").hidden = (hello.source ?? config.source) !== "demo";
    },
    onStateChange: (state, detail) => status.show(state, detail),
    connect: (handlers) => new Connection(serverSocketUrl(), handlers),
  });
  status.show("connecting");
  document.getElementById("demo-badge").hidden = config.source !== "demo";
  feed.start();

  const openStation = (id) => {
    const station = stations.get(id);
    if (station) popup.open({ kind: "station", ...station });
  };
  setUpControls(map, { feed, popup, data, openStation, announce });
  setUpSearch(document.getElementById("search-input"), document.getElementById("search-results"), (result) => {
    map.flyTo({ center: [result.lon, result.lat], zoom: Math.max(map.getZoom(), 15), essential: true });
    if (result.type === "station" && stations.has(result.id)) openStation(result.id);
    else popup.open({ kind: result.type, id: result.id, name: result.name, routes: result.lines ?? [], lon: result.lon, lat: result.lat });
  });
}

function createMap(config) {
  const [lon, lat, zoom, bearing] = (params.get("at") ?? "").split(",").map(Number);
  const hasView = Number.isFinite(lon) && Number.isFinite(lat);
  const map = new maplibregl.Map({
    container: "map",
    style: config.basemap ?? emptyStyle({ withLand: config.land === "nyc-boroughs" }),
    // Without `?at=`, the network's own opening view (/api/config), else Times Square.
    center: hasView ? [lon, lat] : config.initial_view?.center ?? [-73.9855, 40.758],
    zoom: hasView && Number.isFinite(zoom) ? zoom : config.initial_view?.zoom ?? 14,
    bearing: hasView && Number.isFinite(bearing) ? bearing : 0,
    maxPitch: 0,
    pitchWithRotate: false,
    touchPitch: false,
    fadeDuration: 0,
    attributionControl: { compact: true },
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: true, showZoom: true, visualizePitch: false }), "top-right");
  map.on("styleimagemissing", (event) => {
    const icon = drawIcon(event.id);
    if (icon && !map.hasImage(event.id)) map.addImage(event.id, icon.image, icon.options);
  });
  map.getCanvas().setAttribute("aria-label", "Map. Use the arrow keys to pan, plus and minus to zoom, shift and arrows to rotate.");
  return map;
}

/**
 * Resolves once the vehicle source has been loaded and painted. Moving vehicles keep the map busy, so `idle`
 * may never come; the first frame rendered after the source reports loaded is the one that shows them.
 */
function whenVehiclesRendered(map) {
  return new Promise((resolve) => {
    const loaded = (event) => {
      if (!vehicleTilesLoaded(event)) return;
      map.off("sourcedata", loaded);
      map.once("render", () => requestAnimationFrame(() => resolve()));
    };
    map.on("sourcedata", loaded);
  });
}

function absolute(path) {
  return new URL(path, location.href).href;
}
