// The station display (/display?station=127, or /display?bus_stop=8052 for a stop of any agency's buses): a
// full-screen arrivals board driven by `watch` over the WebSocket, one section per direction with its next train large.
// Options: lines=1,2 · direction=N|S · walk=N (hide trains leaving sooner than N minutes) · theme=dark|light|high-contrast
// · lang=en|es · scale=1 · rows=N (default: as many as fill the screen) · tz=America/New_York (the clock's time zone;
// default: the agency's, from /api/config) · eink=1 (an e-paper screen: light, repainted at most every 30 s and only
// on change, no burn-in shift).
// It never shows old data as live: an unknown station says so at once; the demo, a simulation and a replay are marked,
// and so is a stale board; after losing the server the last times keep counting down for 60 s with their age, then
// "Live times unavailable" replaces them until it is back. The clock shows the server's time (a replay's recorded
// time). The content shifts a few pixels every few minutes (burn-in). It reloads itself, with fresh files, when the
// server comes back with another version.
import { collectErrors, publishStatus } from "./page-status.js";
import { Connection, serverSocketUrl } from "./connection.js";
import { el, bullet, richText } from "./dom.js";
import { boardRows, directionSections } from "./display-rows.js";
import { AlertSet } from "./alert-set.js";
import { texts } from "./board-texts.js";
import { learnRouteLabelMap, learnRouteLabels } from "./routes.js";
import { serverConfig } from "./server-config.js";
import { reloadWithFreshFiles } from "./fresh-reload.js";
import { DisplayNotices } from "./display-notices.js";
import { outageNotices } from "./elevator-texts.js";
import { PaintGate, ageClock, burnInOffset, freshness, heartbeatSeconds, sourceMark } from "./display-honesty.js";

/** The most rows drawn when `rows` is not given: as many as fit, up to this. */
const maximumRows = 20;
/** E-ink: at most one repaint per this long. */
const einkRepaintMs = 30_000;

const reportError = collectErrors();
const options = readOptions(new URLSearchParams(location.search));
const t = texts(options.lang);
/** What the board's routes run: a bus stop's buses, a station's trains (for the bullets' spoken labels). */
const routeNoun = options.place === "bus_stop" ? "bus" : "train";
document.documentElement.lang = options.lang;
document.documentElement.dataset.theme = options.theme;
if (options.eink) document.documentElement.dataset.eink = "";
document.documentElement.style.setProperty("--scale", String(options.scale));

const state = {
  connection: "connecting",
  board: null,          // the last arrivals message (or REST answer) for the station
  receivedAtMs: null,   // when it arrived
  confirmedAtMs: null,  // the last word from the server confirming the board: a push, or a board fetched
  fetchFailing: false,  // the latest board fetch failed (the server is unreachable over HTTP too)
  clockOffsetMs: 0,     // server clock minus ours, from the board's `ts` (seconds)
  timeZone: options.timeZone, // the clock's: the `tz` option, else the agency's once /api/config answers
  source: undefined,    // /api/config's (or hello's) `source`; undefined until known, null when it could not be read
  name: null,           // the station's name and lines, from REST
  lines: [],
  unknown: null,        // the server's message when it does not know the station
  serverVersion: null,
  boardUpdates: 0,      // arrivals messages received
  phase: "waiting",     // display-honesty.js `freshness`
  rows: [],
  mark: null,           // the source mark on screen
  shownRowsKey: null,   // what the rows on screen show, so that an unchanged board is not rebuilt every second
  alerts: new AlertSet(), // the station's alerts, kept by `alerts` pushes
  currentAlerts: [],    // those in force now: the ticker shows them one after another
  tickerAlert: null,    // the one on screen
  shownTickerKey: null,
};
/** Lines about the station other than its trains (elevators…): `notices.set(kind, items)`. */
const notices = new DisplayNotices();
const gate = new PaintGate(options.eink ? einkRepaintMs : 0);
/** How long the ticker shows each current alert (e-ink: as long as a repaint may take). */
const tickerPeriodMs = options.eink ? einkRepaintMs : 8000;

publishStatus({
  state: () => state.connection,
  phase: () => state.phase,
  station: () => options.station,
  unknown: () => state.unknown,
  source: () => state.source ?? null,
  mark: () => state.mark,
  rows: () => state.rows.map(({ route, direction, minutes, stale, cancelled }) => ({ route, direction, minutes, stale, cancelled })),
  boardAge: () => (state.receivedAtMs === null ? null : Math.round((Date.now() - state.receivedAtMs) / 1000)),
  lastUpdateAge: () => (state.confirmedAtMs === null ? null : (Date.now() - state.confirmedAtMs) / 1000),
  serverVersion: () => state.serverVersion,
  timeZone: () => state.timeZone,
  boardUpdates: () => state.boardUpdates,
  alerts: () => state.currentAlerts.map((alert) => alert.id),
  tickerAlert: () => state.tickerAlert?.id ?? null,
  notices: () => notices.items.map((item) => item.text),
  paints: () => gate.paints,
  ready: () => state.board !== null && state.source !== undefined,
});

start().catch((error) => reportError(`display failed: ${error?.stack ?? error}`));

async function start() {
  if (!options.station) {
    document.getElementById("station-name").textContent = t.noStation;
    return;
  }
  loadConfig();
  const known = await loadStation();
  if (!known) return; // an unknown station: said at once, nothing to watch (loadStation asks again now and then)
  const connection = new Connection(serverSocketUrl(), {
    onMessage: (message, receivedAtMs) => receive(connection, message, receivedAtMs),
    onStateChange: (connectionState) => {
      state.connection = connectionState;
      // Ask over HTTP at once: a socket lost tells a server gone from a socket dropped, one back clears the failure.
      heartbeat();
      render();
    },
  });
  connection.start();
  setInterval(heartbeat, heartbeatSeconds * 1000);
  setInterval(render, 1000);
  render();
}

function receive(connection, message, receivedAtMs) {
  state.confirmedAtMs = receivedAtMs;
  if (message.type === "hello") {
    if (state.serverVersion !== null && message.server !== state.serverVersion) {
      connection.stop();
      reloadWithFreshFiles();
      return;
    }
    state.serverVersion = message.server;
    if (typeof message.source === "string") state.source = message.source;
    connection.markLive();
    connection.send({ op: "watch", [options.place]: options.station });
  } else if (message.type === "arrivals" && message[options.place] === options.station) {
    state.boardUpdates++;
    acceptBoard(message, receivedAtMs);
  } else if (message.type === "alerts" && message.station === options.station) {
    state.alerts.apply(message);
  } else if (message.type === "elevators" && message.station === options.station) {
    state.elevators = { list: message.elevators, stale: message.elevators_stale === true };
  } else if (message.type === "error") {
    console.warn(`trackside: server refused watch (${message.code}): ${message.message}`);
    if (message.code === "not_found") state.unknown = message.message ?? "";
  }
  render();
}

function acceptBoard(board, receivedAtMs) {
  learnRouteLabels(board.groups);
  learnRouteLabels(board.terminating);
  state.board = board;
  state.receivedAtMs = receivedAtMs;
  if (Number.isFinite(board.ts)) state.clockOffsetMs = board.ts * 1000 - receivedAtMs;
}

/** The source (what the board is marked with) and the agency's time zone, unless the `tz` option chose one. */
async function loadConfig() {
  const config = await serverConfig();
  if (state.source === undefined) state.source = typeof config.source === "string" ? config.source : null;
  if (state.timeZone === null) {
    state.timeZone = validTimeZone(config.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  render();
}

function placePath() {
  return (options.place === "bus_stop" ? "/api/bus-stops/" : "/api/stations/") + encodeURIComponent(options.station);
}

/**
 * Name, lines and a first board from the REST API, so the screen is filled before the first push. Returns whether
 * the server knows the station: a 404 says "Unknown station" at once, with the server's own words, and asks again
 * every minute (a server restarted with another timetable may know it).
 */
async function loadStation() {
  let response;
  try {
    response = await fetch(placePath());
  } catch (error) {
    console.warn("trackside:", error);
    state.fetchFailing = true;
    render();
    return true; // the server is unreachable, not ignorant: the connection retries, the heartbeat tells
  }
  if (response.status === 404) {
    const body = await response.json().catch(() => null);
    state.unknown = typeof body?.error?.message === "string" ? body.error.message : `${response.status}`;
    render();
    setTimeout(() => loadStation().then((known) => known && location.reload()), 60_000);
    return false;
  }
  try {
    if (!response.ok) throw new Error(`${options.place} ${options.station} answered ${response.status}`);
    const station = await response.json();
    state.name = station.name ?? options.station;
    if (Array.isArray(station.elevators)) state.elevators = { list: station.elevators, stale: station.elevators_stale === true };
    learnRouteLabelMap(station.route_labels);
    state.lines = (station.lines ?? station.routes ?? []).filter((line) => options.lines === null || options.lines.includes(line));
    const board = Array.isArray(station.arrivals?.groups) ? station.arrivals : { groups: station.groups ?? station.arrivals };
    if (state.board === null && Array.isArray(board.groups)) acceptBoard({ ...board, [options.place]: options.station }, Date.now());
    state.confirmedAtMs = Date.now();
    state.fetchFailing = false;
    state.alerts.replaceUnlessPushed(station.alerts, station.alerts_stale);
  } catch (error) {
    state.name = options.station;
    console.warn("trackside:", error);
  }
  render();
  return true;
}

/** Asks the server for the board over HTTP: proof it is there (or not) whatever the socket says. */
async function heartbeat() {
  try {
    const response = await fetch(`${placePath()}/arrivals`, { cache: "no-store" });
    if (!response.ok) throw new Error(`board answered ${response.status}`);
    const board = await response.json();
    const nowMs = Date.now();
    state.confirmedAtMs = nowMs;
    state.fetchFailing = false;
    // A newer board than the one shown (a socket that stopped delivering) replaces it.
    if (Array.isArray(board?.groups) && Number.isFinite(board.ts) && !(board.ts < state.board?.ts)) {
      acceptBoard({ ...board, [options.place]: options.station }, nowMs);
    }
  } catch {
    state.fetchFailing = true;
  }
  render();
}

/** What the screen should show at `nowMs`, then painted if the gate admits it (always, except on e-ink). */
function render() {
  const nowMs = Date.now();
  const serverNowMs = nowMs + state.clockOffsetMs;
  // Elevators out of service, judged on the wall clock (a replay's board clock is the recording's), in the agency's zone;
  // escalators are left to the map: the display speaks to riders who need the step-free route.
  notices.set("elevators", outageNotices(state.elevators?.list, { now: nowMs / 1000, timeZone: state.timeZone, stale: state.elevators?.stale,
                                                                   escalators: false }));
  const { phase, ageSeconds } = freshness({ confirmedAtMs: state.confirmedAtMs, socketLive: state.connection === "live",
                                            fetchFailing: state.fetchFailing, nowMs });
  state.phase = state.unknown !== null ? "unknown" : phase;
  const zone = state.timeZone;
  const clockText = zone === null ? "" : timeText(serverNowMs, zone);
  const boardStale = staleForShownLines(state.board);
  // Rows only once the source is known (a replay must never pass for live), and never after the hold.
  const showRows = state.board !== null && state.source !== undefined && state.unknown === null && phase !== "unavailable";
  const elapsedSeconds = (nowMs - (state.receivedAtMs ?? nowMs)) / 1000;
  const clock = { elapsedSeconds, nowSeconds: serverNowMs / 1000 };
  const groups = showRows ? state.board.groups ?? [] : [];
  // Only cancelled trips to show (the morning's first bus cancelled): say, under them, when a bus or train does leave,
  // from the board's next service (which passes over cancelled departures).
  const rows = boardRows(groups, clock, { ...options, rows: maximumRows });
  const onlyCancelled = rows.length > 0 && rows.every((row) => row.cancelled);
  notices.set("service", onlyCancelled && !boardStale ? [{ text: nightText(state.board, zone), level: "info" }] : []);
  const lost = phase === "holding" || phase === "unavailable";
  const mark = state.unknown !== null ? null : sourceMark(state.source, boardStale, t);
  const frame = {
    name: state.unknown !== null ? t.unknownStation(options.station) : state.name ?? "…",
    lines: state.unknown !== null ? [] : state.lines,
    clock: clockText,
    mark,
    // The trains that may be drawn: as many as were drawn last time when the screen had room for no more, so that a
    // change among trains that would not fit is no repaint.
    candidates: JSON.stringify(boardRows(groups, clock, { ...options, rows: options.rows ?? state.roomFor ?? maximumRows })
      .map(({ route, direction, heading, headsign, minutes, stale }) => [route, direction, heading, headsign, minutes, stale])),
    // The server's own words on why ("no station XYZ"), under the heading that says so.
    empty: state.unknown !== null ? sentence(state.unknown)
      : phase === "unavailable" ? t.liveUnavailable
      : !state.board || state.source === undefined ? t.loading
      : boardStale ? t.noTimes
      : nightText(state.board, zone) ?? t.noTrains,
    // E-ink says the age in whole minutes: a count by the second would be a repaint every 30 s for nothing.
    connection: lost ? `${t.connection(state.connection === "live" ? "reconnecting" : state.connection)} `
      + t.lastUpdate(options.eink ? `${Math.floor(ageSeconds / 60)} ${t.min}` : ageClock(ageSeconds)) : null,
    lost,
    // A replay's footer also names the day it was recorded (its clock shows the recording's time of day).
    updated: !Number.isFinite(state.board?.ts) || zone === null || state.unknown !== null ? ""
      : t.updated(timeText(state.board.ts * 1000, zone))
        + (state.source === "replay" ? ` · ${t.recorded(dateText(state.board.ts * 1000, zone))}` : ""),
    ticker: tickerAt(nowMs),
    notices: notices.items,
    shift: options.eink ? [0, 0] : burnInOffset(nowMs),
    size: [innerWidth, innerHeight],
  };
  const key = JSON.stringify(frame);
  if (!gate.admit(key, nowMs, { urgent: gate.paints === 0 || !state.paintedBoard })) return;
  if (showRows) state.paintedBoard = true;
  paint(frame, groups, clock, boardStale);
}

function paint(frame, groups, clock, boardStale) {
  setText(document.getElementById("station-name"), frame.name);
  document.title = `${frame.name} — Trackside`;
  const linesKey = frame.lines.join(",");
  const linesElement = document.getElementById("station-lines");
  if (linesElement.dataset.lines !== linesKey) {
    linesElement.dataset.lines = linesKey;
    linesElement.replaceChildren(...frame.lines.map((line) => bullet(line, { noun: routeNoun })));
  }
  setText(document.getElementById("clock"), frame.clock);
  const markElement = document.getElementById("source-mark");
  state.mark = frame.mark;
  markElement.hidden = frame.mark === null;
  setText(markElement, frame.mark ?? "");
  paintTicker(frame.ticker);
  paintNotices(frame.notices);
  const board = document.querySelector(".board");
  const transform = `translate(${frame.shift[0]}px, ${frame.shift[1]}px)`;
  if (board.style.transform !== transform) board.style.transform = transform;
  board.classList.toggle("stale", frame.lost);

  // Redrawn when the rows change, or the room for them (a ticker or notices coming or going, another screen size).
  const rowsKey = JSON.stringify([frame.candidates, frame.ticker?.key ?? null, frame.notices, frame.size, frame.mark !== null]);
  const empty = document.getElementById("empty");
  if (rowsKey !== state.shownRowsKey) {
    state.shownRowsKey = rowsKey;
    empty.hidden = true; // the rows are measured with the room they will have
    const { shown, full } = drawRowsThatFit(groups, clock);
    state.rows = shown;
    state.roomFor = full ? shown.length : null;
  }
  empty.hidden = state.rows.length > 0;
  setText(empty, frame.empty);

  // A lost server says how old everything is; otherwise the footer names what the server marks stale: rows (dimmed)
  // whose feed failed or aged, else a board that may miss trains of such a feed, and the alerts when their feed did.
  const staleRows = state.rows.some((row) => row.stale) ? t.staleRows : boardStale && state.rows.length > 0 ? t.staleBoard : null;
  const staleNotes = [staleRows, state.alerts.stale ? t.staleAlerts : null].filter(Boolean).join(" · ");
  setText(document.getElementById("connection"), frame.connection ?? staleNotes);
  // When the board on screen was computed (the server's clock), so nobody mistakes an old board for a fresh one.
  setText(document.getElementById("updated"), frame.updated);
}

/**
 * Draws the rows: `rows` of them when given (those that would run off the screen dropped from the end), else as many
 * as fill the screen, each direction keeping its share. Returns the rows drawn, and whether the screen had room for
 * no more of the trains there are.
 */
function drawRowsThatFit(groups, clock) {
  const list = document.getElementById("rows");
  let count = options.rows ?? maximumRows;
  let full = false; // fewer rows drawn than trains there are: the screen holds no more
  for (;;) {
    const chosen = boardRows(groups, clock, { ...options, rows: count });
    const drawn = drawRows(list, chosen);
    const fitting = rowsThatFit(list);
    if (fitting >= chosen.length || chosen.length <= 1 || options.rows !== null) {
      dropRowsThatOverflow(list);
      const kept = new Set([...drawn].filter(([item]) => item.isConnected).map(([, row]) => row));
      return { shown: chosen.filter((row) => kept.has(row)), full: full || kept.size < chosen.length || !roomForAnother(list) };
    }
    full = true;
    count = Math.max(1, Math.min(chosen.length - 1, fitting));
  }
}

/** One section per direction under its heading; the first train of each is drawn large. Returns element → row. */
function drawRows(list, chosen) {
  const drawn = new Map();
  list.replaceChildren(...directionSections(chosen).map((section) =>
    el("li", { class: "section" },
      el("h2", { class: "section-heading", text: section.heading ?? t.direction(section.direction, section.rows[0]?.headsign) }),
      el("ol", { class: "section-rows" }, ...section.rows.map((row) => {
        // A cancelled trip says so where its minutes would be.
        const when = row.cancelled ? { value: t.cancelled, unit: null } : t.when(row.minutes);
        const label = row.cancelled ? t.cancelledLabel : t.minutesLabel(row.minutes);
        const item = el("li", { class: ["row", row.stale ? "stale" : null, row.cancelled ? "cancelled" : null].filter(Boolean).join(" ") },
          bullet(row.route, { noun: routeNoun }),
          el("span", { class: "destination" }, el("span", { class: "headsign", text: row.headsign ?? t.direction(row.direction) })),
          el("span", { class: "minutes", "aria-label": label + (row.stale ? `, ${t.staleRow}` : "") },
            when.value, when.unit ? el("small", { text: when.unit }) : null));
        drawn.set(item, row);
        return item;
      })))));
  return drawn;
}

/**
 * Whether the list surely has room below its last row for one more train: a section's heading and its large first
 * row (a train of a direction not shown yet takes both).
 */
function roomForAnother(list) {
  const rows = [...list.querySelectorAll(".row")];
  const heading = list.querySelector(".section-heading");
  if (rows.length === 0 || !heading) return true;
  const largest = Math.max(...rows.map((row) => row.getBoundingClientRect().height));
  const room = list.getBoundingClientRect().bottom - rows[rows.length - 1].getBoundingClientRect().bottom;
  return room >= largest + heading.getBoundingClientRect().height * 2;
}

/** How many rows, from the first, end inside the list's box. */
function rowsThatFit(list) {
  const bottom = list.getBoundingClientRect().bottom + 0.5;
  const rows = [...list.querySelectorAll(".row")];
  const first = rows.findIndex((row) => row.getBoundingClientRect().bottom > bottom);
  return first < 0 ? rows.length : first;
}

/**
 * "No trains until 5:32 AM" ("No buses until" at a bus stop): the board's `next_service` (the first scheduled
 * departure of each line and direction without predictions) for the lines and direction shown, when the board has
 * none of them; null otherwise.
 */
function nightText(board, zone) {
  if (!Array.isArray(board?.next_service) || zone === null) return null;
  const next = board.next_service
    .filter((s) => s && Number.isFinite(s.time) && (typeof s.route === "string" || typeof s.route === "number"))
    .filter((s) => options.lines === null || options.lines.includes(String(s.route).toUpperCase()))
    .filter((s) => options.direction === null || s.direction === options.direction)
    .reduce((soonest, s) => (soonest === null || s.time < soonest.time ? s : soonest), null);
  if (next === null) return null;
  // Beyond the next 20 hours the day is named too ("Mon 5:32 AM").
  const later = next.time * 1000 - (Date.now() + state.clockOffsetMs) > 20 * 3600 * 1000;
  const time = new Date(next.time * 1000).toLocaleString(t.locale, { hour: "numeric", minute: "2-digit", timeZone: zone,
                                                                      ...(later ? { weekday: "short" } : {}) });
  return options.place === "bus_stop" ? t.noBusesUntil(time) : t.noTrainsUntil(time);
}

/**
 * Whether the board may miss trains of the lines this screen shows: it is stale and a stale route is among them (all
 * of them, when the message does not say which).
 */
function staleForShownLines(board) {
  if (board?.stale !== true) return false;
  const routes = Array.isArray(board.stale_routes) ? board.stale_routes.filter((r) => typeof r === "string") : null;
  if (options.lines === null || routes === null) return true;
  return routes.some((route) => options.lines.includes(route.toUpperCase()));
}

/**
 * Removes the rows that would run off the screen (a ticker or a large `scale` leaves less room than `rows` needs),
 * from the end, and sections left empty with them; the first row always stays.
 */
function dropRowsThatOverflow(list) {
  const bottom = list.getBoundingClientRect().bottom + 0.5;
  const rows = [...list.querySelectorAll(".row")];
  while (rows.length > 1 && rows[rows.length - 1].getBoundingClientRect().bottom > bottom) {
    const row = rows.pop();
    const section = row.closest(".section");
    row.remove();
    if (!section.querySelector(".row")) section.remove();
  }
}

/** The ticker's alert at `nowMs`: the alerts in force now, one at a time, each for `tickerPeriodMs`. */
function tickerAt(nowMs) {
  state.currentAlerts = state.unknown !== null ? [] : state.alerts.alerts.filter((alert) => (alert.when ?? "now") === "now");
  const count = state.currentAlerts.length;
  const index = count === 0 ? -1 : Math.floor(nowMs / tickerPeriodMs) % count;
  state.tickerAlert = index < 0 ? null : state.currentAlerts[index];
  const alert = state.tickerAlert;
  if (alert === null) return null;
  const header = alert.header_segments ?? alert.header ?? "";
  return { key: JSON.stringify([index, count, alert.id, alert.type, header]), index, count, type: alert.type ?? null, header };
}

/** The ticker: route tokens as bullets. */
function paintTicker(ticker) {
  const key = ticker?.key ?? "";
  if (key === state.shownTickerKey) return;
  state.shownTickerKey = key;
  const element = document.getElementById("ticker");
  element.hidden = ticker === null;
  element.replaceChildren(...(ticker === null ? [] : [
    ticker.count > 1 ? el("span", { class: "ticker-count", text: `${ticker.index + 1}/${ticker.count}` }) : null,
    ticker.type ? el("strong", { class: "alert-type", text: ticker.type }) : null,
    el("span", { class: "ticker-text" }, richText(ticker.header)),
  ].filter(Boolean)));
}

function paintNotices(items) {
  const element = document.getElementById("notices");
  const key = JSON.stringify(items);
  if (element.dataset.key === key) return;
  element.dataset.key = key;
  element.hidden = items.length === 0;
  element.replaceChildren(...items.map((item) => el("li", { class: `notice ${item.level}`, text: item.text })));
}

/** "no station XYZ" → "No station XYZ." */
function sentence(text) {
  const trimmed = String(text).trim();
  return trimmed ? `${trimmed[0].toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? "" : "."}` : "";
}

function timeText(ms, zone) {
  return new Date(ms).toLocaleTimeString(t.locale, { hour: "numeric", minute: "2-digit", timeZone: zone });
}

function dateText(ms, zone) {
  return new Date(ms).toLocaleDateString(t.locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone });
}

function readOptions(params) {
  const number = (name, fallback, low, high) => {
    const value = Number(params.get(name));
    return params.has(name) && params.get(name) !== "" && Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : fallback;
  };
  const eink = ["1", "true", "yes"].includes(params.get("eink"));
  // E-paper is read by reflected light: light unless a theme is asked for.
  const themes = eink ? ["light", "dark", "high-contrast"] : ["dark", "light", "high-contrast"];
  const oneOf = (name, allowed) => (allowed.includes(params.get(name)) ? params.get(name) : allowed[0]);
  const lines = params.get("lines");
  const rows = number("rows", null, 1, maximumRows);
  return {
    station: params.get("station") ?? params.get("bus_stop"),
    // A bus stop's board is watched as one (`bus_stop`); stations and parentless stops as stations.
    place: params.has("station") || !params.has("bus_stop") ? "station" : "bus_stop",
    lines: lines ? lines.split(",").map((line) => line.trim().toUpperCase()).filter(Boolean) : null,
    direction: ["N", "S"].includes(params.get("direction")) ? params.get("direction") : null,
    walkMinutes: number("walk", 0, 0, 60),
    theme: oneOf("theme", themes),
    lang: oneOf("lang", ["en", "es"]),
    scale: number("scale", 1, 0.5, 3),
    rows: rows === null ? null : Math.round(rows),
    timeZone: validTimeZone(params.get("tz")),
    eink,
  };
}

/** Sets an element's text only when it differs, so a steady screen does not churn its DOM every second. */
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function validTimeZone(name) {
  if (typeof name !== "string" || !name) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return null;
  }
}
