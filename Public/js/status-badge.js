// The one badge that says what the map shows: Live (fresh feeds), Demo (simulated service, explained the first
// time), Replay (recorded on a date, with the recording's clock), Stale (the feeds stopped updating) or, when the
// server is lost, Reconnecting / Offline with how old the positions are. Only the state is in the live region;
// the replay clock and the ages tick in a part hidden from screen readers so they are not read every second.

/** After this long without a message from the server (it sends one every tick), the page counts it as lost. */
export const silenceMs = 4000;
/** The share of vehicles flagged stale from which the whole map is called stale. */
const staleShare = 0.5;

/**
 * The badge's words for one moment: `{label, detail, state}` where `state` is the badge's look (`live`, `demo`,
 * `replay`, `stale`, `reconnecting`, `offline`, `connecting`). Pure, for the page and its tests.
 *
 * @param {{connection: string, lost: boolean, source: string|null, simulatedRoutes: string[]|null,
 *          feedNowSeconds: number|null, staleVehicles: number, vehicles: number, ageSeconds: number|null,
 *          retryInSeconds: number|null, timeZone: string|null}} moment
 */
export function badgeWords(moment) {
  const age = moment.ageSeconds === null ? null : `positions ${ageText(moment.ageSeconds)} old`;
  if (moment.connection === "offline" || moment.connection === "reconnecting" || (moment.lost && moment.connection === "live")) {
    // A connection still open but silent (a stuck proxy) is not reconnecting yet: it waits.
    const name = moment.connection === "offline" ? "Offline"
      : moment.connection === "reconnecting" ? "Reconnecting…" : "Waiting for the server";
    const retry = moment.retryInSeconds > 0 ? `retrying in ${moment.retryInSeconds} s` : null;
    return { state: moment.connection === "offline" ? "offline" : "reconnecting", label: name,
             detail: [age, retry].filter(Boolean).join(", ") };
  }
  if (moment.connection !== "live") return { state: "connecting", label: "Connecting…", detail: "" };
  if (moment.source === "demo") {
    return { state: "demo", label: "Demo", detail: `simulated service on ${routeList(moment.simulatedRoutes)}` };
  }
  if (moment.source === "replay") {
    return { state: "replay", label: "Replay",
             detail: moment.feedNowSeconds === null ? "recorded feeds" : `recorded ${clockText(moment.feedNowSeconds, moment.timeZone)}` };
  }
  if (moment.vehicles > 0 && moment.staleVehicles / moment.vehicles >= staleShare) {
    return { state: "stale", label: "Stale", detail: `feeds not updating${age ? `, ${age}` : ""}` };
  }
  return { state: "live", label: "Live", detail: "" };
}

/** "the 1 and 2 lines", "the A, C and E lines", or "a few lines" when the server does not say. */
export function routeList(routes) {
  if (!Array.isArray(routes) || routes.length === 0) return "a few lines";
  const names = routes.length > 1 ? `${routes.slice(0, -1).join(", ")} and ${routes[routes.length - 1]}` : routes[0];
  return `the ${names} ${routes.length > 1 ? "lines" : "line"}`;
}

function ageText(seconds) {
  return seconds < 90 ? `${Math.max(0, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

/** "Sat 1 Jun 2019, 11:29:04" in the network's time zone. */
function clockText(seconds, timeZone) {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(seconds * 1000));
}

/** The badge in the page's toolbar, redrawn every second from the connection, the source and the vehicles. */
export class StatusBadge {
  /**
   * @param {HTMLElement} element the `#status` element
   * @param {{store, config, onChange?: (words) => void}} context
   */
  constructor(element, { store, config, onChange }) {
    this.element = element;
    this.text = element.querySelector(".status-text");
    this.detail = element.querySelector(".status-detail");
    this.store = store;
    this.config = config;
    this.onChange = onChange ?? (() => {});
    this.connection = "connecting";
    this.retryAt = null;
    this.source = config.source ?? null;
    this.lastMessageMs = null;
    this.lastLiveMs = null;
    this.words = null;
    setInterval(() => this.render(), 1000);
  }

  /** The connection's state (`connecting`, `live`, `reconnecting`, `offline`) and the next attempt's time. */
  show(state, { retryAt } = {}) {
    this.connection = state;
    this.retryAt = retryAt ?? null;
    this.render();
  }

  /** The server's hello names the source; it wins over /api/config's (a restarted server may differ). */
  hello(message) {
    if (typeof message.source === "string") this.source = message.source;
    this.render();
  }

  /** Every server message proves the connection alive. */
  heard(receivedAtMs) {
    this.lastMessageMs = receivedAtMs;
    this.lastLiveMs = receivedAtMs;
    if (this.words?.state === "reconnecting" && this.connection === "live") this.render();
  }

  /** Whether the server has been silent past `silenceMs` (or is disconnected): the page dims its vehicles. */
  get lost() {
    if (this.connection === "reconnecting" || this.connection === "offline") return true;
    return this.connection === "live" && this.lastMessageMs !== null && Date.now() - this.lastMessageMs > silenceMs;
  }

  render() {
    let stale = 0;
    for (const record of this.store.records.values()) if ((record.state.flags ?? []).includes("stale")) stale++;
    const words = badgeWords({
      connection: this.connection,
      lost: this.lost,
      source: this.source,
      simulatedRoutes: this.config.simulated_routes ?? null,
      feedNowSeconds: this.store.feedNowSeconds(),
      staleVehicles: stale,
      vehicles: this.store.records.size,
      ageSeconds: this.lastLiveMs === null ? null : this.positionsAgeSeconds(),
      retryInSeconds: this.retryAt ? Math.max(0, Math.ceil((this.retryAt - Date.now()) / 1000)) : null,
      timeZone: this.config.timezone ?? null,
    });
    const changed = words.state !== this.words?.state || words.label !== this.words?.label;
    this.words = words;
    this.element.dataset.state = words.state;
    if (this.text.textContent !== words.label) this.text.textContent = words.label;
    const detail = words.detail ? ` · ${words.detail}` : "";
    if (this.detail.textContent !== detail) this.detail.textContent = detail;
    if (changed) this.onChange(words);
  }

  /** How old the positions shown are: since the last message, plus the freshest vehicle's own age then. */
  positionsAgeSeconds() {
    let freshest = Infinity;
    for (const record of this.store.records.values()) freshest = Math.min(freshest, this.store.ageSeconds(record));
    return Number.isFinite(freshest) ? freshest : (Date.now() - this.lastLiveMs) / 1000;
  }

  /** The badge's whole text as shown ("Replay · recorded Sat 1 Jun 2019, 11:29:04"). */
  get label() {
    return `${this.text.textContent}${this.detail.textContent}`;
  }
}
