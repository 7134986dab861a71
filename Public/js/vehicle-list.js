// The list view of vehicles in view: the same information as the map for screen readers and keyboard users,
// refreshed at most every two seconds, with a one-line summary sent to the announcer when it changes. Each row is
// a button: it flies the map to the vehicle and opens its card. Focus stays on the same vehicle's row across
// refreshes.
import { isRoadKind, vehicleNoun } from "./modes.js";
import { el, bullet, busTag } from "./dom.js";
import { busLabel, compareRoutes, routeName } from "./routes.js";

const refreshMs = 2000;
const maxItems = 300;

/** Renders the vehicles drawn inside the map's current view into a list. */
export class VehicleList {
  constructor(map, { list, summary, announce, onSelect }) {
    this.map = map;
    this.onSelect = onSelect;
    list.addEventListener("click", (event) => {
      const row = event.target.closest("button[data-id]");
      if (row) this.onSelect(row.dataset.id);
    });
    this.list = list;
    this.summary = summary;
    this.announce = announce;
    this.drawn = [];
    this.renderedAtMs = -Infinity;
    this.timer = null;
  }

  /** Called after every draw; renders now or schedules a render at the end of the throttle interval. */
  update(drawn) {
    this.drawn = drawn;
    const wait = this.renderedAtMs + refreshMs - Date.now();
    if (wait <= 0) this.render();
    else if (this.timer === null) this.timer = setTimeout(() => this.render(), wait);
  }

  render() {
    this.timer = null;
    this.renderedAtMs = Date.now();
    const bounds = this.map.getBounds();
    const inView = this.drawn.filter(({ place }) => bounds.contains([place.lon, place.lat]));
    inView.sort((a, b) => compareRoutes(a.record.state.route, b.record.state.route));
    const trains = inView.filter(({ record }) => !isRoadKind(record.state.kind)).length;
    const buses = inView.length - trains;
    const text = `${trains} ${trains === 1 ? "train" : "trains"} and ${buses} ${buses === 1 ? "bus" : "buses"} in view`;
    this.summary.textContent = text;
    this.announce(text);
    const focused = this.list.contains(document.activeElement) ? document.activeElement.dataset.id : undefined;
    this.list.replaceChildren(...inView.slice(0, maxItems).map(({ record }) => item(record)));
    if (focused !== undefined) {
      const row = [...this.list.querySelectorAll("button[data-id]")].find((button) => button.dataset.id === focused);
      (row ?? this.summary).focus({ preventScroll: true });
    }
  }
}

function item(record) {
  const state = record.state;
  const isBus = isRoadKind(state.kind);
  const name = `${isBus ? busLabel(state.route) : routeName(state.route)} ${vehicleNoun(state.kind)}`;
  const status = state.status === "stopped" ? "at a stop" : state.status === "moving" ? "moving" : "";
  const stale = (state.flags ?? []).includes("stale") ? " (position may be out of date)" : "";
  const description = [name, state.headsign ? `to ${state.headsign}` : null, status].filter(Boolean).join(", ") + stale;
  return el("li", {}, el("button", { type: "button", class: "list-row", "data-id": state.id },
    isBus ? busTag(state.route) : bullet(state.route), el("span", { text: description })));
}
