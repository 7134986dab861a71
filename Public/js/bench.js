// `index.html?bench=N`: N synthetic vehicles moving through the view, fed as snapshot + deltas into the same
// store and renderer as live data, while the page records frame times. Tests/Benchmarks/frame_time.py reads
// `window.__bench`. Options: `seconds=10` (measured), `warmup=2`, `motion=0` (vehicles stand still: the reference),
// `trains=1` (subway trains only, as a city-zoom view subscribes to).
import { subwayLabel } from "./routes.js";
import { vehicleTilesLoaded } from "./vehicle-layer.js";

const subwayRoutes = ["1", "2", "3", "4", "5", "6", "7", "A", "C", "E", "B", "D", "F", "M", "G", "J", "Z", "L", "N", "Q", "R", "W", "6X"];
const busRoutes = ["M15", "M101", "Bx12", "B44", "Q58", "S79", "BxM1", "M86", "B46", "Q32"];

/** Runs the measurement and publishes `window.__bench` when done. */
export function runBench(map, store, renderer, { count, params }) {
  const seconds = Number(params.get("seconds") ?? 10);
  const warmup = Number(params.get("warmup") ?? 2);
  const moving = params.get("motion") !== "0";
  const trainsOnly = params.get("trains") === "1";
  const random = seededRandom(7);
  const bounds = map.getBounds();
  const epoch = "bench";
  let seq = 1;
  const nowSeconds = () => Date.now() / 1000;
  const vehicles = Array.from({ length: count }, (_, i) => vehicle(i, bounds, random, nowSeconds(), moving, null, trainsOnly));
  store.applySnapshot({ type: "snapshot", epoch, seq, ts: Date.now(), vehicles }, Date.now());
  renderer.request();

  // Once a second, like the server's tick: vehicles that reached the end of their segment get a new one.
  const ticker = setInterval(() => {
    const now = nowSeconds();
    const upsert = [];
    for (const [index, state] of vehicles.entries()) {
      if (state.seg && state.seg.t1 <= now) {
        const [lon, lat] = state.seg.path[state.seg.path.length - 1];
        vehicles[index] = vehicle(index, bounds, random, now, moving, [lon, lat], trainsOnly);
        upsert.push(vehicles[index]);
      }
    }
    seq++;
    store.applyDelta({ type: "delta", epoch, seq, ts: Date.now(), upsert, remove: [] }, Date.now());
    renderer.request();
  }, 1000);

  // Time spent in the page's own per-frame work (positions, features, setData), apart from MapLibre's.
  const drawTimes = [];
  const draw = renderer.draw.bind(renderer);
  renderer.draw = (bearing) => {
    const started = performance.now();
    draw(bearing);
    drawTimes.push(performance.now() - started);
  };
  let renders = 0;
  let updates = 0;
  map.on("render", () => { renders++; });
  map.on("sourcedata", (event) => {
    if (vehicleTilesLoaded(event)) updates++;
  });
  const intervals = [];
  let last = null;
  const startMs = performance.now() + warmup * 1000;
  const endMs = startMs + seconds * 1000;
  let rendersAtStart = 0, updatesAtStart = 0;
  const frame = (now) => {
    if (now >= startMs && last === null) { rendersAtStart = renders; updatesAtStart = updates; }
    if (now >= startMs && last !== null && last >= startMs) intervals.push(now - last);
    last = now;
    if (now < endMs) { requestAnimationFrame(frame); return; }
    clearInterval(ticker);
    intervals.sort((a, b) => a - b);
    drawTimes.sort((a, b) => a - b);
    const quantile = (values, q) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    const pick = (q) => quantile(intervals, q);
    window.__bench = {
      vehicles: count,
      moving,
      seconds,
      frames: intervals.length,
      median_ms: round(pick(0.5)),
      p95_ms: round(pick(0.95)),
      map_renders_per_s: round((renders - rendersAtStart) / seconds),
      vehicle_updates_per_s: round((updates - updatesAtStart) / seconds),
      drawn: renderer.drawn.length,
      page_draw_median_ms: round(quantile(drawTimes, 0.5)),
      webgl: map.painter?.context?.gl instanceof WebGL2RenderingContext ? "webgl2" : "webgl",
    };
  };
  requestAnimationFrame((now) => { last = null; frame(now); });
}

/** A synthetic vehicle in the view; moving ones get a 2–4 point path walked in 20–60 s. */
function vehicle(index, bounds, random, now, moving, from = null, trainsOnly = false) {
  const isBus = !trainsOnly && index % 4 === 3;
  const route = isBus ? busRoutes[index % busRoutes.length] : subwayRoutes[index % subwayRoutes.length];
  const west = bounds.getWest(), south = bounds.getSouth();
  const width = bounds.getEast() - west, height = bounds.getNorth() - south;
  const start = from ?? [west + random() * width, south + random() * height];
  const path = [start];
  for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i++) {
    const [lon, lat] = path[path.length - 1];
    // Steps scale with the view, wider than 0.1° (city zooms), so trains there move a visible distance too.
    const step = (0.002 + random() * 0.004) * Math.max(1, width / 0.1) * (random() < 0.5 ? -1 : 1);
    const next = i % 2 === 0 ? [clamp(lon + step, west, west + width), lat] : [lon, clamp(lat + step, south, south + height)];
    path.push(next);
  }
  const state = {
    id: `${isBus ? "bus" : "train"}-${index}`,
    kind: isBus ? "bus" : "subway",
    route,
    dir: index % 2 ? "N" : "S",
    headsign: isBus ? `${route} terminal` : `${subwayLabel(route).text} terminal`,
    lon: start[0],
    lat: start[1],
    bearing: Math.round(random() * 359),
    status: moving ? "moving" : "stopped",
    age: Math.round(random() * 40),
    src: isBus ? "gps" : "inferred",
    ts: Math.floor(now),
  };
  if (index % 17 === 0) state.flags = ["stale"];
  if (moving) state.seg = { t0: now, t1: now + 20 + random() * 40, path };
  return state;
}

function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

function round(value) {
  return Math.round(value * 10) / 10;
}
