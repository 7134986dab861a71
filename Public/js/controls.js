// Layer toggles, the "my location" and list buttons, and clicks on stations, bus stops and entrances.
import { setStaticLayerVisible } from "./map-style.js";

const busStopsMaxSpanKm = 3;
let locationMarker = null;

/** Wires the page's controls to the map, the live feed and the popup. */
export function setUpControls(map, { feed, popup, data, openStation, announce }) {
  const toggles = { lines: true, trains: true, buses: true, busStops: false, entrances: false };
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
      await data.loadEntrances().catch((error) => console.warn("trackside: entrances unavailable", error));
    }
    zoomHint();
  };

  for (const input of document.querySelectorAll("#layer-options input[data-layer]")) {
    input.addEventListener("change", () => apply(input.dataset.layer, input.checked));
  }
  document.querySelector('[data-needs="entrances"]').hidden = !data.hasEntrances;
  disclosure(document.getElementById("layers-button"), () => {
    const options = document.getElementById("layer-options");
    options.hidden = !options.hidden;
    return !options.hidden;
  });
  const listButton = document.getElementById("list-button");
  const listClose = document.getElementById("list-close");
  const showList = (open) => {
    document.getElementById("vehicle-list-panel").classList.toggle("collapsed", !open);
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
  document.getElementById("locate-button").addEventListener("click", () => locate(map, announce));

  const zoomHint = () => {
    const hint = document.getElementById("zoom-hint");
    hint.hidden = !feed.zoomedOutTooFar;
    if (!hint.hidden) hint.textContent = feed.wanted.hidden.includes("subway") ? "Zoom in to see live trains" : "Zoom in to see live buses";
  };
  map.on("moveend", () => { zoomHint(); refreshBusStops(); });
  zoomHint();

  const pointer = (layer) => {
    map.on("mouseenter", layer, () => { map.getCanvas().style.cursor = "pointer"; });
    map.on("mouseleave", layer, () => { map.getCanvas().style.cursor = ""; });
  };
  pointer("stations");
  pointer("bus-stops");
  map.on("click", "stations", (event) => openStation(event.features[0]?.properties?.id));
  map.on("click", "bus-stops", (event) => {
    const stop = busStops.get(String(event.features[0]?.properties?.id));
    if (stop) popup.open({ kind: "bus_stop", ...stop });
  });
  // Entrances pass their taps to the nearest station, as in the iOS app.
  map.on("click", "entrances", (event) => {
    const nearest = nearestStation(data.stations, event.lngLat);
    if (nearest) openStation(nearest.id);
  });
}

function disclosure(button, toggle) {
  button.addEventListener("click", () => button.setAttribute("aria-expanded", String(toggle())));
}

function locate(map, announce) {
  if (!navigator.geolocation) { announce("Location is not available in this browser"); return; }
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
    () => announce("Your location could not be found"),
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
