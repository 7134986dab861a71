// The map page: builds the map, loads the static layers, and connects the live feed (or, with `?bench=N`, a
// synthetic one for frame-time measurements). URL options: `at=lon,lat,zoom[,bearing]`, `vehicle=ID` (opens its
// card), `station=ID`, `bus_stop=ID` (open its popup), `bench=N`.
import { collectErrors, publishStatus } from "./page-status.js";
import { drawIcon } from "./icons.js";
import { emptyStyle, addStaticLayers } from "./map-style.js";
import { addVehicleLayers, VehicleRenderer, vehicleTilesLoaded } from "./vehicle-layer.js";
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
import { VehicleCard } from "./vehicle-card.js";
import { serverConfig } from "./server-config.js";
import { parseView, followViewInAddress } from "./url-state.js";
import { showNotice, setUpNotice } from "./notice.js";
import { explainSource } from "./source-note.js";

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
  const card = new VehicleCard(map, store, {
    element: document.getElementById("vehicle-card"),
    send: (message) => feed?.send(message) ?? false,
    announce,
    timeZone: config.timezone ?? null,
    onChange: () => writeAddress?.(),
  });
  const list = new VehicleList(map, {
    list: document.getElementById("vehicle-list"),
    summary: document.getElementById("vehicle-list-summary"),
    announce,
    onSelect: (id) => card.open(id, { fly: true }),
  });
  let ready = false;
  let awaitingFirstDraw = true;
  const renderer = new VehicleRenderer(map, store, {
    reducedMotion,
    onDraw: (drawn) => {
      list.update(drawn);
      card.onDraw(drawn);
      if (awaitingFirstDraw && store.epoch !== null) {
        awaitingFirstDraw = false;
        whenVehiclesRendered(map).then(() => { ready = true; });
      }
    },
  });
  const status = new StatusBadge(document.getElementById("status"), {
    store, config,
    onChange: (words) => renderer.setAllDimmed(["reconnecting", "offline"].includes(words.state)),
  });
  let writeAddress = null;
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
    openVehicle: () => card.openId,
    followed: () => card.followedId,
    sourceLabel: () => status.label,
    vehiclesDimmed: () => renderer.allDimmed,
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

  if (benchCount > 0) {
    const { runBench } = await import("./bench.js");
    return runBench(map, store, renderer, { count: benchCount, params });
  }

  const data = await loadStaticData(map, config);
  stations = data.stations;
  feed = new LiveFeed({
    map, store, renderer, popup, card, config,
    onHello: (hello) => {
      status.hello(hello);
      explainSource(hello.source ?? config.source, config);
    },
    onStateChange: (state, detail) => status.show(state, detail),
    connect: (handlers) => new Connection(serverSocketUrl(), {
      ...handlers,
      onMessage: (message, receivedAtMs) => { status.heard(receivedAtMs); handlers.onMessage(message, receivedAtMs); },
    }),
  });
  status.show("connecting");
  feed.start();

  const openStation = (id) => {
    const station = stations.get(id);
    if (station) popup.open({ kind: "station", ...station });
    return station;
  };
  const openVehicle = (id) => card.open(id);
  setUpControls(map, { feed, popup, data, openStation, openVehicle, unavailable: config.unavailable_layers, announce });
  writeAddress = followViewInAddress(map, { openVehicle: () => card.openId });
  openLinkedPlace(map, { card, popup, openStation });
  setUpSearch(document.getElementById("search-input"), document.getElementById("search-results"), (result) => {
    map.flyTo({ center: [result.lon, result.lat], zoom: Math.max(map.getZoom(), 15), essential: true });
    if (result.type === "station" && stations.has(result.id)) openStation(result.id);
    else popup.open({ kind: result.type, id: result.id, name: result.name, routes: result.lines ?? [], lon: result.lon, lat: result.lat });
  });
}

function createMap(config) {
  setUpNotice();
  const { view, error } = parseView(params.get("at"));
  if (error) showNotice(error);
  const map = new maplibregl.Map({
    container: "map",
    style: config.basemap ?? emptyStyle({ withLand: config.land === "nyc-boroughs" }),
    // Without `?at=`, the network's own opening view (/api/config), else Times Square.
    center: view?.center ?? config.initial_view?.center ?? [-73.9855, 40.758],
    zoom: view?.zoom ?? config.initial_view?.zoom ?? 14,
    bearing: view?.bearing ?? 0,
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

/** Opens what the page's link names: `vehicle=ID` (its card, the map on it), `station=ID` or `bus_stop=ID`. */
async function openLinkedPlace(map, { card, popup, openStation }) {
  const vehicle = params.get("vehicle");
  if (vehicle) return card.open(vehicle, { fly: !params.has("at") });
  const station = params.get("station");
  if (station) return openStation(station) ?? showNotice(`This link's station "${station.slice(0, 32)}" is not on this map.`);
  const busStop = params.get("bus_stop");
  if (!busStop) return undefined;
  const response = await fetch(`/api/bus-stops/${encodeURIComponent(busStop)}`).catch(() => null);
  if (!response?.ok) return showNotice(`This link's bus stop "${busStop.slice(0, 32)}" is not on this map.`);
  const stop = await response.json();
  return popup.open({ kind: "bus_stop", id: stop.id, name: stop.name, routes: stop.routes ?? [], lon: stop.lon, lat: stop.lat });
}

function absolute(path) {
  return new URL(path, location.href).href;
}
