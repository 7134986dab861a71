// The station display (/display?station=127, or /display?bus_stop=8052 for a stop of any agency's buses): a
// full-screen arrivals board driven by `watch` over the WebSocket, one section per direction with its next train large.
// Options: lines=1,2 · direction=N|S · walk=N (hide trains leaving sooner than N minutes) · theme=dark|light|high-contrast
// · lang=en|es · scale=1 · rows=6 · tz=America/New_York (the clock's time zone; default: the agency's, from /api/config).
// The clock shows the server's time (a replay's recorded time). It keeps showing the last board, with its age, while
// reconnecting, and reloads itself, with fresh files, when the server comes back with another version.
import { collectErrors, publishStatus } from "./page-status.js";
import { Connection, serverSocketUrl } from "./connection.js";
import { el, bullet, richText } from "./dom.js";
import { boardRows, directionSections } from "./display-rows.js";
import { AlertSet } from "./alert-set.js";
import { texts } from "./board-texts.js";
import { serverConfig } from "./server-config.js";
import { reloadWithFreshFiles } from "./fresh-reload.js";

const reportError = collectErrors();
const options = readOptions(new URLSearchParams(location.search));
const t = texts(options.lang);
document.documentElement.lang = options.lang;
document.documentElement.dataset.theme = options.theme;
document.documentElement.style.setProperty("--scale", String(options.scale));

const state = {
  connection: "connecting",
  board: null,          // the last arrivals message (or REST answer) for the station
  receivedAtMs: null,   // when it arrived
  clockOffsetMs: 0,     // server clock minus ours, from the board's `ts` (seconds)
  timeZone: options.timeZone, // the clock's: the `tz` option, else the agency's once /api/config answers
  serverVersion: null,
  boardUpdates: 0,      // arrivals messages received
  rows: [],
  shownRowsKey: null,   // what the rows on screen show, so that an unchanged board is not rebuilt every second
  alerts: new AlertSet(), // the station's alerts, kept by `alerts` pushes
  currentAlerts: [],    // those in force now: the ticker shows them one after another
  tickerAlert: null,    // the one on screen
  shownTickerKey: null,
};
/** How long the ticker shows each current alert. */
const tickerPeriodMs = 8000;

publishStatus({
  state: () => state.connection,
  station: () => options.station,
  rows: () => state.rows.map(({ route, direction, minutes, stale }) => ({ route, direction, minutes, stale })),
  boardAge: () => (state.receivedAtMs === null ? null : Math.round((Date.now() - state.receivedAtMs) / 1000)),
  serverVersion: () => state.serverVersion,
  timeZone: () => state.timeZone,
  boardUpdates: () => state.boardUpdates,
  alerts: () => state.currentAlerts.map((alert) => alert.id),
  tickerAlert: () => state.tickerAlert?.id ?? null,
  ready: () => state.board !== null,
});

start().catch((error) => reportError(`display failed: ${error?.stack ?? error}`));

async function start() {
  if (!options.station) {
    document.getElementById("station-name").textContent = t.noStation;
    return;
  }
  loadStation();
  loadTimeZone();
  const connection = new Connection(serverSocketUrl(), {
    onMessage: (message, receivedAtMs) => receive(connection, message, receivedAtMs),
    onStateChange: (connectionState) => {
      state.connection = connectionState;
      render();
    },
  });
  connection.start();
  setInterval(render, 1000);
  render();
}

function receive(connection, message, receivedAtMs) {
  if (message.type === "hello") {
    if (state.serverVersion !== null && message.server !== state.serverVersion) {
      connection.stop();
      reloadWithFreshFiles();
      return;
    }
    state.serverVersion = message.server;
    connection.markLive();
    connection.send({ op: "watch", [options.place]: options.station });
  } else if (message.type === "arrivals" && message[options.place] === options.station) {
    state.boardUpdates++;
    acceptBoard(message, receivedAtMs);
  } else if (message.type === "alerts" && message.station === options.station) {
    state.alerts.apply(message);
  } else if (message.type === "error") {
    console.warn(`trackside: server refused watch (${message.code}): ${message.message}`);
  }
  render();
}

function acceptBoard(board, receivedAtMs) {
  state.board = board;
  state.receivedAtMs = receivedAtMs;
  if (Number.isFinite(board.ts)) state.clockOffsetMs = board.ts * 1000 - receivedAtMs;
}

/** The agency's time zone from /api/config, unless the `tz` option chose one. */
async function loadTimeZone() {
  if (state.timeZone !== null) return;
  const config = await serverConfig();
  state.timeZone = validTimeZone(config.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  render();
}

/** Name, lines and a first board from the REST API, so the screen is filled before the first push. */
async function loadStation() {
  try {
    const path = options.place === "bus_stop" ? "/api/bus-stops/" : "/api/stations/";
    const response = await fetch(path + encodeURIComponent(options.station));
    if (!response.ok) throw new Error(`${options.place} ${options.station} answered ${response.status}`);
    const station = await response.json();
    document.getElementById("station-name").textContent = station.name ?? options.station;
    document.title = `${station.name ?? options.station} — Trackside`;
    const lines = (station.lines ?? station.routes ?? []).filter((line) => options.lines === null || options.lines.includes(line));
    document.getElementById("station-lines").replaceChildren(...lines.map((line) => bullet(line)));
    const board = Array.isArray(station.arrivals?.groups) ? station.arrivals : { groups: station.groups ?? station.arrivals };
    if (state.board === null && Array.isArray(board.groups)) acceptBoard({ ...board, station: options.station }, Date.now());
    state.alerts.replaceUnlessPushed(station.alerts, station.alerts_stale);
    render();
  } catch (error) {
    document.getElementById("station-name").textContent = options.station;
    console.warn("trackside:", error);
  }
}

function render() {
  const nowMs = Date.now() + state.clockOffsetMs;
  // Until the time zone is known the clock stays blank rather than show another zone's time.
  setText(document.getElementById("clock"), state.timeZone === null ? ""
    : new Date(nowMs).toLocaleTimeString(t.locale, { hour: "numeric", minute: "2-digit", timeZone: state.timeZone }));
  const clock = { elapsedSeconds: (Date.now() - (state.receivedAtMs ?? Date.now())) / 1000, nowSeconds: nowMs / 1000 };
  const chosen = state.board ? boardRows(state.board.groups ?? [], clock, options) : [];
  renderTicker();
  const empty = document.getElementById("empty");
  empty.hidden = chosen.length > 0;
  // A stale board without rows is a feed that stopped updating, not an empty timetable.
  const boardStale = staleForShownLines(state.board);
  empty.textContent = !state.board ? t.loading : boardStale ? t.noTimes : t.noTrains;
  // Redrawn when the rows change, or the room for them (a ticker coming or going, another screen size).
  const rowsKey = JSON.stringify([chosen.map(({ route, direction, heading, headsign, minutes, stale }) => [route, direction, heading, headsign, minutes, stale]),
    document.getElementById("ticker").hidden, innerWidth, innerHeight]);
  if (rowsKey !== state.shownRowsKey) {
    state.shownRowsKey = rowsKey;
    // One section per direction under its heading; the first train of each is drawn large.
    const drawn = new Map(); // row element → the row it shows
    document.getElementById("rows").replaceChildren(...directionSections(chosen).map((section) =>
      el("li", { class: "section" },
        el("h2", { class: "section-heading", text: section.heading ?? t.direction(section.direction, section.rows[0]?.headsign) }),
        el("ol", { class: "section-rows" }, ...section.rows.map((row) => {
          const when = t.when(row.minutes);
          const item = el("li", { class: row.stale ? "row stale" : "row" },
            bullet(row.route),
            el("span", { class: "destination" }, el("span", { class: "headsign", text: row.headsign ?? t.direction(row.direction) })),
            el("span", { class: "minutes", "aria-label": t.minutesLabel(row.minutes) + (row.stale ? `, ${t.staleRow}` : "") },
              when.value, when.unit ? el("small", { text: when.unit }) : null));
          drawn.set(item, row);
          return item;
        })))));
    dropRowsThatOverflow(document.getElementById("rows"));
    const shown = new Set([...drawn].filter(([item]) => item.isConnected).map(([, row]) => row));
    state.rows = chosen.filter((row) => shown.has(row));
  }

  const live = state.connection === "live";
  const age = state.receivedAtMs === null ? null : (Date.now() - state.receivedAtMs) / 1000;
  document.querySelector(".board").classList.toggle("stale", !live && state.board !== null);
  // A lost connection says how old everything is; otherwise the footer names what the server marks stale: rows (dimmed)
  // whose feed failed or aged, else a board that may miss trains of such a feed, and the alerts when their feed did.
  const staleRows = state.rows.some((row) => row.stale) ? t.staleRows : boardStale && state.rows.length > 0 ? t.staleBoard : null;
  const staleNotes = live ? [staleRows, state.alerts.stale ? t.staleAlerts : null] : [];
  setText(document.getElementById("connection"), !live ? t.connection(state.connection, age) : staleNotes.filter(Boolean).join(" · "));
  // When the board on screen was computed (the server's clock), so nobody mistakes an old board for a fresh one.
  setText(document.getElementById("updated"), !Number.isFinite(state.board?.ts) || state.timeZone === null ? ""
    : t.updated(new Date(state.board.ts * 1000).toLocaleTimeString(t.locale, { hour: "numeric", minute: "2-digit", timeZone: state.timeZone })));
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

/** The ticker: the alerts in force now, one at a time, each for `tickerPeriodMs`, route tokens as bullets. */
function renderTicker() {
  state.currentAlerts = state.alerts.alerts.filter((alert) => (alert.when ?? "now") === "now");
  const count = state.currentAlerts.length;
  const index = count === 0 ? -1 : Math.floor(Date.now() / tickerPeriodMs) % count;
  state.tickerAlert = index < 0 ? null : state.currentAlerts[index];
  const alert = state.tickerAlert;
  const header = alert ? alert.header_segments ?? alert.header ?? "" : "";
  const key = alert ? JSON.stringify([index, count, alert.id, alert.type, header]) : "";
  if (key === state.shownTickerKey) return;
  state.shownTickerKey = key;
  const ticker = document.getElementById("ticker");
  ticker.hidden = alert === null;
  ticker.replaceChildren(...(alert === null ? [] : [
    count > 1 ? el("span", { class: "ticker-count", text: `${index + 1}/${count}` }) : null,
    alert.type ? el("strong", { class: "alert-type", text: alert.type }) : null,
    el("span", { class: "ticker-text" }, richText(header)),
  ].filter(Boolean)));
}

function readOptions(params) {
  const number = (name, fallback, low, high) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : fallback;
  };
  const oneOf = (name, allowed) => (allowed.includes(params.get(name)) ? params.get(name) : allowed[0]);
  const lines = params.get("lines");
  return {
    station: params.get("station") ?? params.get("bus_stop"),
    // A bus stop's board is watched as one (`bus_stop`); stations and parentless stops as stations.
    place: params.has("station") || !params.has("bus_stop") ? "station" : "bus_stop",
    lines: lines ? lines.split(",").map((line) => line.trim().toUpperCase()).filter(Boolean) : null,
    direction: ["N", "S"].includes(params.get("direction")) ? params.get("direction") : null,
    walkMinutes: number("walk", 0, 0, 60),
    theme: oneOf("theme", ["dark", "light", "high-contrast"]),
    lang: oneOf("lang", ["en", "es"]),
    scale: number("scale", 1, 0.5, 3),
    rows: Math.round(number("rows", 6, 1, 20)),
    timeZone: validTimeZone(params.get("tz")),
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
