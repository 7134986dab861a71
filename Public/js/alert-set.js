// The alerts affecting one watched station or route, kept equal to the server's set by its `alerts` push messages
// (docs/PROTOCOL.md, "Alerts"): a reset replaces the set; later messages remove, then add and update by `id`.
import { validAlerts } from "./board-message.js";

/** One station's (or route's) current alerts, in the order the server first listed them. */
export class AlertSet {
  constructor() {
    this.byId = new Map();
    /** Whether a push has set the alerts (a REST answer read later must not overwrite it). */
    this.pushed = false;
    /** Whether the latest push said the alerts feed is stale: the set is the last good one and may be out of date. */
    this.stale = false;
  }

  /** Applies an `alerts` message. Malformed parts are skipped: alerts without an id, ids that are not strings. */
  apply(message) {
    if (message.reset === true) this.byId.clear();
    for (const id of Array.isArray(message.remove) ? message.remove : []) this.byId.delete(id);
    for (const alert of [...identified(message.add), ...identified(message.update)]) this.byId.set(alert.id, alert);
    this.stale = message.stale === true;
    this.pushed = true;
  }

  /** Takes the alerts of a REST answer (`/api/stations/{id}`: `alerts`, `alerts_stale`), unless a push already set them. */
  replaceUnlessPushed(alerts, stale = false) {
    if (this.pushed) return;
    this.byId = new Map(identified(alerts).map((alert) => [alert.id, alert]));
    this.stale = stale === true;
  }

  /** Forgets everything (another station is shown). */
  clear() {
    this.byId.clear();
    this.pushed = false;
    this.stale = false;
  }

  /** The alerts, as a new array. */
  get alerts() {
    return [...this.byId.values()];
  }
}

function identified(alerts) {
  return validAlerts(alerts).filter((alert) => typeof alert.id === "string" && alert.id !== "");
}
