// The callout of a station or bus stop: name, its lines, arrivals by route and direction (next three, in minutes)
// and alerts (current, later today, tomorrow). Kept live by `watch` over the WebSocket while it is open.
import { el, bullet, busTag, richText } from "./dom.js";
import { arrivalsOf, minutesUntil, validGroups } from "./board-message.js";
import { AlertSet } from "./alert-set.js";
import { texts } from "./board-texts.js";
import { compareRoutes, learnRouteLabelMap, learnRouteLabels, routeName } from "./routes.js";
import { serverConfig } from "./server-config.js";
import { stationHandoff } from "./station-handoff.js";
import { outageNotices } from "./elevator-texts.js";

const arrivalsShown = 3;
/** Without a pushed board for this long, the popup asks the REST API again (the iOS app refreshed every 60 s). */
const refreshAfterMs = 60000;

/** The one open stop popup (opening another closes the first). */
export class StopPopup {
  /**
   * @param {maplibregl.Map} map
   * @param {{send: (message: object) => boolean, serverNowSeconds: () => number, announce: (text: string) => void}} context
   */
  constructor(map, context) {
    this.map = map;
    this.context = context;
    this.stop = null;
    this.popup = null;
    this.board = boardOf({});
    this.alertSet = new AlertSet();
    this.alerts = [];
    this.updatedAtMs = 0;
    this.timer = null;
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.popup) this.close();
    });
  }

  /** Which stop is open, for tests and the status object. */
  get openStopId() {
    return this.stop?.id ?? null;
  }

  /**
   * Opens the popup for a stop: `{kind: "station"|"bus_stop", id, name, lines|routes, lon, lat}`.
   */
  open(stop) {
    this.close();
    this.stop = stop;
    this.board = boardOf({});
    this.alertSet.clear();
    this.alerts = [];
    this.updatedAtMs = 0;
    this.elevators = null;
    this.pushed = { arrivals: false, elevators: false };
    this.body = el("div", { class: "popup", role: "dialog", "aria-label": stop.name ?? stop.id });
    this.popup = new maplibregl.Popup({ maxWidth: "none", focusAfterOpen: true, className: "stop-popup" })
      .setLngLat([stop.lon, stop.lat])
      .setDOMContent(this.body)
      .addTo(this.map);
    this.popup.on("close", () => this.closed());
    // Room above the stop for the callout, below the toolbar.
    this.map.easeTo({ center: [stop.lon, stop.lat], offset: [0, this.map.getCanvas().clientHeight * 0.25], duration: 300 });
    this.render();
    this.watch();
    this.fetchDetails();
    this.timer = setInterval(() => this.refresh(), 15000);
  }

  close() {
    this.popup?.remove();
  }

  /** Re-sends `watch` after a reconnect (the new connection knows nothing of the old one's watches). */
  rewatch() {
    if (this.stop) this.watch();
  }

  /** Applies a pushed `arrivals` message if it is for the open stop. */
  applyArrivals(message) {
    if (!this.stop || this.idIn(message) !== this.stop.id) return;
    this.board = boardOf(message);
    this.pushed.arrivals = true;
    this.updatedAtMs = Date.now();
    this.render();
    this.context.announce(this.summary());
  }

  /** Applies a pushed `alerts` message if it is for the open stop. */
  applyAlerts(message) {
    if (!this.stop || message.station !== this.stop.id) return;
    this.alertSet.apply(message);
    this.alerts = this.alertSet.alerts;
    this.render();
  }

  /** Applies a pushed `elevators` message if it is for the open station. */
  applyElevators(message) {
    if (!this.stop || message.station !== this.stop.id) return;
    this.elevators = { list: message.elevators ?? [], stale: message.elevators_stale === true };
    this.pushed.elevators = true;
    this.render();
  }

  /** The stop a message is for: a bus stop's boards name it under `bus_stop`, a station's under `station`. */
  idIn(message) {
    return this.stop.kind === "bus_stop" ? message.bus_stop : message.station;
  }

  watch() {
    this.context.send({ op: "watch", [this.stop.kind === "bus_stop" ? "bus_stop" : "station"]: this.stop.id });
  }

  closed() {
    if (this.stop) this.context.send({ op: "unwatch", [this.stop.kind === "bus_stop" ? "bus_stop" : "station"]: this.stop.id });
    clearInterval(this.timer);
    this.timer = null;
    this.stop = null;
    this.popup = null;
  }

  refresh() {
    if (!this.stop) return;
    if (Date.now() - this.updatedAtMs > refreshAfterMs) {
      this.pushed = { arrivals: false, elevators: false };
      this.alertSet.pushed = false;
      this.fetchDetails();
    }
    else this.render();
  }

  async fetchDetails() {
    const stop = this.stop;
    try {
      const path = stop.kind === "bus_stop" ? "/api/bus-stops/" : "/api/stations/";
      const response = await fetch(path + encodeURIComponent(stop.id));
      if (!response.ok || this.stop !== stop) return;
      const details = await response.json();
      if (this.stop !== stop) return;
      learnRouteLabelMap(details.route_labels);
      // A pushed board is newer than this answer when it arrived first.
      const groups = details.arrivals?.groups ?? details.groups ?? details.arrivals;
      if (Array.isArray(groups) && !this.pushed.arrivals) this.board = boardOf(details.arrivals?.groups ? details.arrivals : { groups });
      if (Array.isArray(details.alerts)) this.alertSet.replaceUnlessPushed(details.alerts, details.alerts_stale);
      if (Array.isArray(details.elevators) && !this.pushed.elevators) {
        this.elevators = { list: details.elevators, stale: details.elevators_stale === true };
      }
      this.alerts = this.alertSet.alerts;
      if (Array.isArray(details.lines)) this.stop = { ...stop, lines: details.lines };
      if (Array.isArray(details.routes)) this.stop = { ...stop, routes: details.routes };
      this.updatedAtMs = Date.now();
      this.render();
    } catch (error) {
      console.warn("trackside: station details unavailable", error);
    }
  }

  render() {
    if (!this.body) return;
    const stop = this.stop;
    const isBus = stop.kind === "bus_stop";
    const badge = (route) => (isBus ? busTag(route) : bullet(route));
    const lines = stop.lines ?? stop.routes ?? [];
    this.body.replaceChildren(
      el("h2", { text: stop.name ?? stop.id }),
      el("div", { class: "lines" }, lines.map(badge)),
      el("h3", { class: "section-title", text: "Arrivals" }),
      this.arrivalsList(badge, isBus),
      this.terminatingList(badge),
      this.updatedLine(),
      this.elevatorsSection(),
      this.alertsSection(),
      stationHandoff(stop),
    );
    this.popup?.setLngLat([stop.lon, stop.lat]); // re-picks the side the callout opens on for its new size
  }

  /** The departures under one heading per direction (the station's words, else Uptown/Downtown), lines in order. */
  arrivalsList(badge, isBus) {
    const groups = [...this.board.groups].sort(
      (a, b) => compareRoutes(a.route, b.route) || String(a.direction ?? "").localeCompare(String(b.direction ?? "")));
    if (groups.length === 0) {
      // A stale board without rows is a feed that stopped updating, not an empty timetable.
      const none = this.board.stale ? words.noTimes : `No ${isBus ? "buses" : "trains"} expected soon`;
      return el("p", { class: "empty", text: this.updatedAtMs ? none : "Loading arrivals…" });
    }
    const sections = new Map();
    for (const group of groups) {
      const heading = headingOf(group);
      if (!sections.has(heading)) sections.set(heading, []);
      sections.get(heading).push(group);
    }
    // A bus stop's groups are its routes, each with its own headsign: no headings there.
    const headed = !isBus && groups.some((group) => group.heading || group.direction === "N" || group.direction === "S");
    return el("div", { class: "arrival-sections" }, [...sections].map(([heading, inSection]) => el("section", {},
      headed ? el("h4", { class: "direction-heading", text: heading }) : null,
      this.groupList(inSection, badge, "Arrivals" + (headed ? `, ${heading}` : "")))));
  }

  /** Trains ending here, apart: nobody boards them, but a rider meeting someone wants to know. */
  terminatingList(badge) {
    const groups = this.board.terminating;
    if (groups.length === 0) return null;
    return el("section", { class: "terminating" }, el("h4", { class: "direction-heading", text: words.terminating }),
      this.groupList(groups, badge, words.terminating));
  }

  /** One row per group: its bullet, headsign and the next arrivals as the boards word them ("Due, 7 min, 15 min"). */
  groupList(groups, badge, label) {
    const now = this.context.serverNowSeconds();
    const elapsed = (Date.now() - this.updatedAtMs) / 1000;
    return el("ul", { class: "arrivals", "aria-label": label }, groups.map((group) => {
      const shown = arrivalsOf(group).slice(0, arrivalsShown);
      const minutes = shown.map((arrival) => minutesUntil(arrival, elapsed, now));
      // Bus Time gives some buses no predicted time, only how far away they are ("0.7 miles away").
      const away = group.arrivals?.find((a) => a && typeof a.away === "string")?.away;
      // A cancelled trip (GTFS-realtime CANCELED) says so in place of its minutes.
      const cancelled = (index) => shown[index].cancelled === true;
      const text = minutes.length ? minutes.map((m, i) => (cancelled(i) ? words.cancelled : words.whenText(m))).join(", ") : away ?? "—";
      // A stale group's times are the last good ones of a feed the server no longer vouches for.
      const stale = group.stale === true;
      const label = (minutes.length ? minutes.map((m, i) => (cancelled(i) ? words.cancelledLabel : words.minutesLabel(m))).join(", ") : "none")
        + (stale ? `, ${words.staleRow}` : "");
      return el("li", stale ? { class: "stale", title: "May be out of date: the feed has not updated" } : {}, badge(group.route),
        el("span", { class: "headsign", text: group.headsign ?? directionName(group.direction) }),
        el("span", { class: "minutes", text, "aria-label": label }));
    }));
  }

  /** When the board shown was computed, on the server's clock in the agency's time zone. */
  updatedLine() {
    if (!Number.isFinite(this.board.ts)) return null;
    const time = new Date(this.board.ts * 1000).toLocaleTimeString("en-US",
      { hour: "numeric", minute: "2-digit", second: "2-digit", ...(timeZone ? { timeZone } : {}) });
    return el("p", { class: "age updated", text: words.updated(time) });
  }

  /**
   * The elevators and escalators out of service, or that all are in service; nothing where none are listed. Those no
   * feed reports (`status` "unknown": an agency's GTFS pathways) are never counted as in service.
   */
  elevatorsSection() {
    const list = this.elevators?.list ?? [];
    if (list.length === 0) return null;
    const notices = outageNotices(list, { now: this.context.serverNowSeconds(), timeZone });
    const reported = list.filter((e) => e.status !== "unknown");
    const unreported = list.length - reported.length;
    const ada = reported.filter((e) => e.kind === "elevator").length;
    return el("div", { class: "elevators" },
      el("h3", { class: "section-title", text: "Elevators" }),
      this.elevators.stale ? el("p", { class: "stale-note", text: "Elevator status may be out of date: the outage feed has not updated" }) : null,
      notices.length
        ? el("ul", { class: "outages" }, notices.map((notice) => el("li", { class: "outage", text: notice.text })))
        : reported.length
          ? el("p", { class: "in-service", text: ada ? `All ${ada} elevators in service` : "All escalators in service" })
          : null,
      unreported
        ? el("p", { class: "unreported", text: `${unreported} ${unreported === 1 ? "elevator or escalator" : "elevators and escalators"} listed; no feed reports ${unreported === 1 ? "its" : "their"} status` })
        : null);
  }

  alertsSection() {
    const byWhen = { now: [], later_today: [], tomorrow: [], later: [] };
    for (const alert of this.alerts) (byWhen[alert.when] ?? byWhen.now).push(alert);
    const section = el("div", { class: "alerts" });
    const add = (title, alerts, className) => {
      if (alerts.length === 0) return;
      section.append(el("h3", { class: `section-title ${className}`, text: title }),
        el("div", { class: className }, alerts.map(alertItem)));
    };
    // Without current alerts a rider would read "no alerts"; say the list may be missing some.
    if (this.alertSet.stale) section.append(el("p", { class: "stale-note", text: words.staleAlerts }));
    add("Alerts", byWhen.now, "current");
    add("Later today", byWhen.later_today, "later");
    add("Tomorrow", byWhen.tomorrow, "tomorrow");
    add("Later", byWhen.later, "tomorrow");
    return section;
  }

  /** One sentence for the screen-reader announcer: the next train of each group. */
  summary() {
    const now = this.context.serverNowSeconds();
    const elapsed = (Date.now() - this.updatedAtMs) / 1000;
    const parts = this.board.groups.slice(0, 4).map((group) => {
      const first = arrivalsOf(group)[0];
      const where = group.headsign ?? directionName(group.direction);
      if (!first) return null;
      const when = first.cancelled === true ? "cancelled" : `in ${minutesUntil(first, elapsed, now)} minutes`;
      return `${routeName(group.route)} to ${where} ${when}`;
    }).filter(Boolean);
    return parts.length ? `${this.stop.name}: ${parts.join("; ")}` : "";
  }
}

function alertItem(alert) {
  const header = alert.header_segments ?? alert.segments ?? alert.header ?? "";
  const description = alert.description_segments ?? alert.description;
  const headerLine = el("span", {}, alert.type ? el("span", { class: "alert-type", text: `${alert.type}: ` }) : null, richText(header));
  if (!description) return el("div", { class: "alert" }, headerLine);
  return el("div", { class: "alert" },
    el("details", {}, el("summary", {}, headerLine), el("p", { class: "description" }, richText(description))));
}

/** The popup's words: the boards' English ones. */
const words = texts("en");
const directionName = words.direction;

/** The agency's time zone for "Updated 7:05:32 PM", once /api/config answers (until then the browser's). */
let timeZone = null;
serverConfig().then((config) => {
  try {
    if (typeof config.timezone === "string") new Intl.DateTimeFormat("en", { timeZone: config.timezone });
    timeZone = config.timezone ?? null;
  } catch {
    timeZone = null;
  }
});

/** The parts of an `arrivals` message (or REST answer) the popup shows, malformed parts dropped; its routes'
 *  labels learnt for the bullets. */
function boardOf(message) {
  learnRouteLabels(message.groups);
  learnRouteLabels(message.terminating);
  return { groups: validGroups(message.groups), terminating: validGroups(message.terminating), stale: message.stale === true,
    ts: Number.isFinite(message.ts) ? message.ts : null };
}

/** A group's heading: the station's words for its direction where the server has them, else the agency's. */
function headingOf(group) {
  return typeof group.heading === "string" && group.heading ? group.heading : directionName(group.direction, group.headsign);
}
