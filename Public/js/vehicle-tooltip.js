// Hovering a vehicle shows what it is, where it goes, and how old its position is (stale ones are dimmed on the map).
import { isRoadKind, vehicleNoun } from "./modes.js";
import { busLabel, routeName } from "./routes.js";
import { el } from "./dom.js";

/** A small popup that follows the pointer over vehicle icons (or opens on a tap). */
export class VehicleTooltip {
  constructor(map, store, layer) {
    this.popup = new maplibregl.Popup({ closeButton: false, closeOnClick: true, className: "vehicle-tooltip", offset: 14 });
    const show = (event) => {
      const id = event.features?.[0]?.properties?.id;
      const record = id === undefined ? undefined : store.records.get(id);
      if (!record) return;
      map.getCanvas().style.cursor = "pointer";
      this.popup.setLngLat(event.lngLat).setDOMContent(describe(record, store.ageSeconds(record))).addTo(map);
    };
    map.on("mousemove", layer, show);
    map.on("click", layer, show); // touch screens have no hover
    map.on("mouseleave", layer, () => {
      map.getCanvas().style.cursor = "";
      this.popup.remove();
    });
  }
}

function describe(record, ageSeconds) {
  const state = record.state;
  const name = `${isRoadKind(state.kind) ? busLabel(state.route) : routeName(state.route)} ${vehicleNoun(state.kind)}`;
  const flags = state.flags ?? [];
  const age = ageSeconds < 90 ? `${Math.round(ageSeconds)} s` : `${Math.round(ageSeconds / 60)} min`;
  return el("div", {},
    el("strong", { text: name }), state.headsign ? ` to ${state.headsign}` : null, el("br"),
    state.status === "stopped" ? "At a stop · " : state.status === "moving" ? "Moving · " : null,
    el("span", { class: flags.includes("stale") ? "stale" : "", text: `position ${age} old${flags.includes("stale") ? " (stale)" : ""}` }),
    flags.includes("stalled") ? el("div", { text: "Not moving for a while" }) : null,
    flags.includes("not_started") ? el("div", { text: "Not yet departed" }) : null);
}
