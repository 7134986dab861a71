// Layer toggles (those without data disabled, saying why), the legend, the "my location" and list buttons, and
// clicks and taps on vehicles, stations, bus stops and entrances, each with a 44 px target.
import { setStaticLayerVisible } from "./map-style.js";
import { vehicleLayers } from "./vehicle-layer.js";
import { pickFeature } from "./map-picking.js";
import { showNotice } from "./notice.js";

const busStopsMaxSpanKm = 3;
const entrancesRefreshMs = 60000;
let locationMarker = null;

/** Wires the page's controls to the map, the live feed and the popup. */
export function setUpControls(map, { feed, popup, data, openStation, openVehicle, unavailable, announce }) {
  const toggles = { lines: true, trains: true, buses: true, busStops: false, entrances: false };
  disableLayersWithoutData(unavailable, toggles, feed);
  let busStops = new Map();
  let entrancesLoaded = false;

  const refreshBusStops = async () => {
    if (!toggles.busStops || feed.wanted?.span > busStopsMaxSpanKm) return;
    try {
      busStops = await data.loadBusStops(map.getBounds());
    } catch (error) {
      console.warn("trackside: bus stops unavailable", error);
    }
  };

  const apply = async (layer, on) => {
    toggles[layer] = on;
    if (layer === "trains" || layer === "buses") feed.setToggles({ [layer]: on });
    else setStaticLayerVisible(map, layer, on);
    if (layer === "busStops" && on) await refreshBusStops();
    if (layer === "entrances" && on && !entrancesLoaded) {
      entrancesLoaded = true;
      await refreshEntrances();
    }
    zoomHint();
  };
  // Elevator outages change: the entrance layer asks again every minute while it is shown.
  const refreshEntrances = () => data.loadEntrances().catch((error) => console.warn("trackside: entrances unavailable", error));
  setInterval(() => { if (toggles.entrances && entrancesLoaded) refreshEntrances(); }, entrancesRefreshMs);

  for (const input of document.querySelectorAll("#layer-options input[data-layer]")) {
    input.addEventListener("change", () => apply(input.dataset.layer, input.checked));
  }
  for (const element of document.querySelectorAll('[data-needs="entrances"]')) element.hidden = !data.hasEntrances;
  // Where the server has entrances they are on from the start: they only show at street zoom.
  if (data.hasEntrances) {
    document.querySelector('#layer-options input[data-layer="entrances"]').checked = true;
    apply("entrances", true);
  }
  disclosure(document.getElementById("layers-button"), () => {
    const options = document.getElementById("layer-options");
    options.hidden = !options.hidden;
    return !options.hidden;
  });
  disclosure(document.getElementById("legend-button"), () => {
    const legend = document.getElementById("legend");
    legend.hidden = !legend.hidden;
    return !legend.hidden;
  });
  const listButton = document.getElementById("list-button");
  const listClose = document.getElementById("list-close");
  const showList = (open) => {
    const panel = document.getElementById("vehicle-list-panel");
    panel.classList.toggle("collapsed", !open);
    // Collapsed, its rows (buttons) leave the tab order: keyboard focus never lands on something unseen.
    panel.inert = !open;
    listClose.hidden = !open;
    listButton.setAttribute("aria-expanded", String(open));
    (open ? listClose : listButton).focus();
  };
  listButton.addEventListener("click", () => showList(listButton.getAttribute("aria-expanded") !== "true"));
  // The skip link leads to the list, so it opens it rather than landing in a hidden panel.
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    showList(true);
  });
  listClose.addEventListener("click", () => showList(false));
  document.getElementById("locate-button").addEventListener("click", () => locate(map));

  const zoomHint = () => {
    const hint = document.getElementById("zoom-hint");
    hint.hidden = !feed.zoomedOutTooFar;
    if (!hint.hidden) hint.textContent = feed.wanted.hidden.includes("subway") ? "Zoom in to see live trains" : "Zoom in to see live buses";
  };
  map.on("moveend", () => { zoomHint(); refreshBusStops(); });
  zoomHint();

  // Vehicles first: they are drawn above stations, and a train standing at a station is what a tap on it means.
  const pickable = [vehicleLayers.icons, "stations", "bus-stops", "entrances"];
  map.on("mousemove", (event) => {
    map.getCanvas().style.cursor = pickFeature(map, event.point, pickable) ? "pointer" : "";
  });
  map.on("click", (event) => {
    const feature = pickFeature(map, event.point, pickable);
    const id = feature?.properties?.id;
    switch (feature?.layer.id) {
      case vehicleLayers.icons: return openVehicle(String(id));
      case "stations": return openStation(id);
      case "bus-stops": {
        const stop = busStops.get(String(id));
        return stop ? popup.open({ kind: "bus_stop", ...stop }) : undefined;
      }
      // Entrances pass their taps to the nearest station, as in the iOS app.
      case "entrances": {
        const nearest = nearestStation(data.stations, event.lngLat);
        return nearest ? openStation(nearest.id) : undefined;
      }
      default: return undefined;
    }
  });
}

/**
 * Layers the server has no data for (`/api/config`'s `unavailable_layers`, e.g. buses in the demo) are unticked
 * and disabled, with the server's reason beside them, so an empty layer never looks like a broken one.
 */
function disableLayersWithoutData(unavailable, toggles, feed) {
  const inputs = { buses: "buses", bus_stops: "busStops" };
  for (const [layer, reason] of Object.entries(unavailable ?? {})) {
    const input = document.querySelector(`#layer-options input[data-layer="${inputs[layer]}"]`);
    if (!input || typeof reason !== "string") continue;
    input.checked = false;
    input.disabled = true;
    toggles[inputs[layer]] = false;
    const note = document.createElement("span");
    note.className = "layer-reason";
    note.id = `layer-reason-${layer}`;
    note.textContent = reason;
    input.setAttribute("aria-describedby", note.id);
    input.closest("label").after(note);
  }
  if (unavailable?.buses) feed.setToggles({ buses: false });
}

function disclosure(button, toggle) {
  button.addEventListener("click", () => button.setAttribute("aria-expanded", String(toggle())));
}

function locate(map) {
  if (!navigator.geolocation) {
    showNotice("Location is not available in this browser.");
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => {
      const center = [position.coords.longitude, position.coords.latitude];
      map.flyTo({ center, zoom: Math.max(map.getZoom(), 15), essential: true });
      const dot = document.createElement("div");
      dot.className = "my-location";
      dot.setAttribute("aria-label", "Your location");
      locationMarker?.remove();
      locationMarker = new maplibregl.Marker({ element: dot }).setLngLat(center).addTo(map);
    },
    (error) => {
      const why = {
        1: "Location is off for this page: allow it in the browser's site settings to see where you are.",
        2: "Your location could not be found (no position available).",
        3: "Finding your location took too long; try again.",
      }[error?.code] ?? "Your location could not be found.";
      showNotice(why);
    },
    { enableHighAccuracy: true, timeout: 10000 });
}

function nearestStation(stations, lngLat) {
  let best = null, bestDistance = Infinity;
  for (const station of stations.values()) {
    const d = (station.lon - lngLat.lng) ** 2 + (station.lat - lngLat.lat) ** 2;
    if (d < bestDistance) { best = station; bestDistance = d; }
  }
  return best;
}
