// A vehicle's card: what it is and where it goes, where it is ("Stopped at X", "Between X and Y"), its next stops
// with predicted times and delay, how old its report is and where the position comes from, its flags in words.
// Opened by a click or tap on the vehicle, from the list, or by `/?vehicle=ID`; kept live by `{"op":"watch",
// "vehicle":…}` while it is open. "Follow" keeps the vehicle centred until the rider pans away or closes the card.
import { el, bullet, busTag } from "./dom.js";
import { busLabel, routeName } from "./routes.js";
import { isRoadKind, vehicleNoun } from "./modes.js";
import { shareLink } from "./station-handoff.js";
import { vehicleTilesLoaded } from "./vehicle-layer.js";

/** Most stops listed; the rest are counted. */
const stopsShown = 8;
/** The card's ages and minutes are redrawn this often. */
const refreshMs = 1000;
/** A followed vehicle is recentred once it drifts this many pixels from the centre. */
const followSlackPx = 2;

/** Where a vehicle's position comes from, in words (the wire's `src`). */
export const sourceWords = {
  gps: "GPS position reported by the vehicle",
  inferred: "Placed along the track from the trip's predicted times",
  schedule: "Placed from the timetable, without a live prediction",
};

/** A vehicle's flags (the wire's `flags`), in words. */
export const flagWords = {
  stale: "Its feed has stopped updating: the position may be out of date",
  stalled: "Has not moved for 90 seconds or more",
  not_started: "Waiting to depart from its first stop",
};

/** The vehicle's name as riders say it: "1 train", "M15 bus", "F ferry". */
export function vehicleName(state) {
  return `${isRoadKind(state.kind) ? busLabel(state.route) : routeName(state.route)} ${vehicleNoun(state.kind)}`;
}

/** "Stopped at X", "Between X and Y", "Next stop Y" or null, from a card (`at`, `stops`) and its vehicle. */
export function whereWords(state, card) {
  const at = card?.at?.name;
  const next = card?.stops?.[0]?.name;
  if (state.status === "stopped" && at) return `Stopped at ${at}`;
  if (state.status === "moving" && at && next) return `Between ${at} and ${next}`;
  if (next) return `Next stop ${next}`;
  return at ? `Last at ${at}` : null;
}

/** A delay in words: "3 min late", "1 min early", "On time" (within a minute); null when unknown. */
export function delayWords(seconds) {
  if (!Number.isFinite(seconds)) return null;
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return "On time";
  return minutes > 0 ? `${minutes} min late` : `${-minutes} min early`;
}

/** An age in seconds as "12 s" or "3 min". */
export function ageWords(seconds) {
  return seconds < 90 ? `${Math.max(0, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

/** The one open vehicle card. */
export class VehicleCard {
  /**
   * @param {maplibregl.Map} map
   * @param {import("./vehicle-store.js").VehicleStore} store
   * @param {{element: HTMLElement, send: (message: object) => boolean, announce: (text: string) => void,
   *          timeZone: string|null, onChange?: () => void}} context
   */
  constructor(map, store, context) {
    this.map = map;
    this.store = store;
    this.context = context;
    this.element = context.element;
    this.id = null;
    this.card = null;
    this.receivedAtMs = 0;
    this.following = false;
    this.gone = false;
    this.timer = null;
    this.parts = null;
    this.clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", ...(context.timeZone ? { timeZone: context.timeZone } : {}) });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.id !== null && this.element.contains(document.activeElement)) this.close();
    });
    // Dragging the map is the rider taking over: following stops (the card stays open).
    map.on("dragstart", () => this.setFollowing(false));
    // The camera moves when the vehicle layer shows the new position, so map and vehicle move in the same frame.
    this.pendingCentre = null;
    this.centreOnce = false;
    map.on("sourcedata", (event) => {
      if (this.pendingCentre === null || !vehicleTilesLoaded(event)) return;
      const centre = this.pendingCentre;
      this.pendingCentre = null;
      this.map.jumpTo({ center: centre });
    });
  }

  /** The id whose card is open, or null. */
  get openId() {
    return this.id;
  }

  /** The id being followed, or null. */
  get followedId() {
    return this.following ? this.id : null;
  }

  /** Opens the card of vehicle `id`; `fly` moves the map to it first (a link, the list). */
  async open(id, { fly = false, follow = false } = {}) {
    if (this.id !== null && this.id !== id) this.unwatch();
    this.id = id;
    this.card = null;
    this.gone = false;
    this.following = false;
    this.element.hidden = false;
    this.render();
    this.context.send({ op: "watch", vehicle: id });
    clearInterval(this.timer);
    this.timer = setInterval(() => this.render(), refreshMs);
    await this.fetchCard(id);
    if (this.id !== id) return;
    const state = this.state();
    if (fly && state) {
      this.map.jumpTo({ center: [state.lon, state.lat], zoom: Math.max(this.map.getZoom(), 14) });
      // Then onto where it is drawn, which a moving vehicle has left its report's position for.
      this.centreOnce = true;
    }
    if (follow) this.setFollowing(true);
    this.element.querySelector(".card-close")?.focus({ preventScroll: true });
    if (state) this.context.announce(`${vehicleName(state)}${state.headsign ? ` to ${state.headsign}` : ""}: card open`);
  }

  close() {
    if (this.id === null) return;
    this.unwatch();
    this.id = null;
    this.card = null;
    this.following = false;
    clearInterval(this.timer);
    this.timer = null;
    this.element.hidden = true;
    this.element.replaceChildren();
    this.parts = null;
    this.context.onChange?.();
  }

  /** Re-sends `watch` after a reconnect (the new connection knows nothing of the old one's watches). */
  rewatch() {
    if (this.id !== null) this.context.send({ op: "watch", vehicle: this.id });
  }

  /** A pushed `vehicle` message: the open card's new state and stops, or its vehicle gone from the feeds. */
  applyVehicle(message) {
    if (message.id !== this.id) return;
    if (message.vehicle === null) {
      this.gone = true;
      this.setFollowing(false);
    } else if (message.vehicle && typeof message.vehicle === "object") {
      this.card = { vehicle: message.vehicle, at: message.at ?? null, stops: Array.isArray(message.stops) ? message.stops : [] };
      this.receivedAtMs = Date.now();
      this.gone = false;
    }
    this.render();
  }

  /** After each draw: a followed vehicle is recentred where it is drawn, once the layer shows it there. */
  onDraw(drawn) {
    if (!this.following && !this.centreOnce) return;
    const entry = drawn.find(({ record }) => record.state.id === this.id);
    if (!entry) return;
    this.centreOnce = false;
    const { x, y } = this.map.project([entry.place.lon, entry.place.lat]);
    const canvas = this.map.getCanvas();
    if (Math.hypot(x - canvas.clientWidth / 2, y - canvas.clientHeight / 2) > followSlackPx) {
      this.pendingCentre = [entry.place.lon, entry.place.lat];
    }
  }

  setFollowing(on) {
    const following = on && this.id !== null && !this.gone;
    if (following === this.following) return;
    this.following = following;
    if (following) {
      const state = this.state();
      if (state) this.map.jumpTo({ center: [state.lon, state.lat] });
    }
    this.render();
    this.context.onChange?.();
  }

  unwatch() {
    if (this.id !== null) this.context.send({ op: "unwatch", vehicle: this.id });
  }

  async fetchCard(id) {
    try {
      const response = await fetch(`/api/vehicles/${encodeURIComponent(id)}`);
      if (this.id !== id) return;
      if (response.status === 404) {
        this.gone = this.card === null;
      } else if (response.ok) {
        const body = await response.json();
        // A pushed card that arrived first is newer than this answer.
        if (this.id === id && this.card === null) {
          this.card = { vehicle: body.vehicle, at: body.at ?? null, stops: Array.isArray(body.stops) ? body.stops : [] };
          this.receivedAtMs = Date.now();
        }
      }
    } catch (error) {
      console.warn("trackside: vehicle card unavailable", error);
    }
    this.render();
  }

  /** The freshest state: the map's copy when it has the vehicle, else the card's. */
  state() {
    return this.store.records.get(this.id)?.state ?? this.card?.vehicle ?? null;
  }

  ageSeconds() {
    const record = this.store.records.get(this.id);
    if (record) return this.store.ageSeconds(record);
    const state = this.card?.vehicle;
    return state ? (Number(state.age) || 0) + (Date.now() - this.receivedAtMs) / 1000 : null;
  }

  /** Seconds until a feed time, on the feeds' clock (a replay's is the recording's). */
  secondsUntil(time) {
    const now = this.store.feedNowSeconds() ?? Date.now() / 1000;
    return time - now;
  }

  /** The card's parts, built once per opening so its buttons keep focus while the rest is redrawn every second. */
  build() {
    const parts = {
      title: el("h2", { id: "vehicle-card-title" }),
      close: el("button", { type: "button", class: "card-close", "aria-label": "Close the vehicle card", text: "×" }),
      gone: el("p", { class: "card-gone", hidden: true }),
      where: el("p", { class: "card-where" }),
      stops: el("div", { class: "card-stops-part" }),
      age: el("p", { class: "card-age" }),
      flags: el("ul", { class: "card-flags", "aria-label": "Conditions" }),
      follow: el("button", { type: "button", class: "card-button card-follow", "aria-pressed": "false" }),
      share: el("a", { class: "card-button", text: "Link to this vehicle" }),
    };
    parts.close.addEventListener("click", () => this.close());
    parts.follow.addEventListener("click", () => this.setFollowing(!this.following));
    // The actions come before the stops, so they stay in sight however long the list is.
    this.element.replaceChildren(el("div", { class: "card-head" }, parts.title, parts.close), parts.gone, parts.where,
      el("div", { class: "card-actions" }, parts.follow, parts.share), parts.stops, parts.age, parts.flags);
    this.parts = parts;
  }

  render() {
    if (this.id === null) return;
    if (!this.parts || !this.element.contains(this.parts.title)) this.build();
    const { title, gone, where, stops, age, flags, follow, share } = this.parts;
    const state = this.state();
    gone.hidden = !this.gone;
    gone.textContent = state ? "No longer in the feeds: its trip may have ended." : "This vehicle is not in the feeds now: its trip may have ended.";
    follow.hidden = this.gone || !state;
    share.href = shareLink({ vehicle: this.id });
    if (!state) {
      title.textContent = this.gone ? "Vehicle not found" : "Loading…";
      for (const node of [where, stops, age, flags]) node.replaceChildren();
      return;
    }
    const name = `${vehicleName(state)}${state.headsign ? ` to ${state.headsign}` : ""}`;
    if (title.dataset.name !== name) {
      title.dataset.name = name;
      title.replaceChildren(isRoadKind(state.kind) ? busTag(state.route) : bullet(state.route), " ", el("span", { text: name }));
    }
    where.textContent = whereWords(state, this.card) ?? "";
    where.hidden = !where.textContent;
    stops.replaceChildren(this.stopsList());
    const seconds = this.ageSeconds();
    age.textContent = `${seconds === null ? "" : `Reported ${ageWords(seconds)} ago. `}${sourceWords[state.src] ?? ""}`;
    const flagged = (state.flags ?? []).filter((flag) => flagWords[flag]);
    flags.replaceChildren(...flagged.map((flag) => el("li", { text: flagWords[flag] })));
    flags.hidden = flagged.length === 0;
    follow.setAttribute("aria-pressed", String(this.following));
    follow.textContent = this.following ? "Following" : "Follow";
  }

  stopsList() {
    const stops = this.card?.stops ?? [];
    if (this.card === null) return el("p", { class: "muted", text: "Loading its stops…" });
    if (stops.length === 0) return el("p", { class: "muted", text: "No predictions for the stops ahead" });
    const items = stops.slice(0, stopsShown).map((stop) => {
      const time = stop.arrival ?? stop.departure;
      const parts = [];
      if (Number.isFinite(time)) {
        const minutes = Math.max(0, Math.floor(this.secondsUntil(time) / 60));
        parts.push(this.clock.format(new Date(time * 1000)), minutes === 0 ? "due" : `in ${minutes} min`);
      } else if (stop.away) {
        parts.push(stop.away);
      }
      const delay = delayWords(stop.delay);
      return el("li", { "data-stop": stop.stop, "data-time": Number.isFinite(time) ? time : null },
        el("span", { class: "stop-name", text: stop.name ?? stop.stop }),
        el("span", { class: "stop-time", text: parts.join(" · ") }),
        delay ? el("span", { class: `stop-delay${stop.delay >= 60 ? " late" : ""}`, text: delay }) : null);
    });
    const more = stops.length > stopsShown ? el("p", { class: "muted", text: `and ${stops.length - stopsShown} more stops` }) : null;
    return el("div", {}, el("h3", { class: "section-title", text: "Next stops" }),
      el("ol", { class: "card-stops", "aria-label": "Next stops" }, items), more);
  }
}
