// Handing a place over to the rider's own apps, as the iOS app's directions bubble did: directions to a station in
// their map app (a `geo:` link, which Android and most desktop systems give to the default map app, and the URL
// forms of Apple Maps, Google Maps and OpenStreetMap), and a link to the station or vehicle view on this map.
import { el } from "./dom.js";

/** This map's link to a station, a bus stop or a vehicle: `/?station=127`, `/?bus_stop=404303`, `/?vehicle=ID`. */
export function shareLink({ station, busStop, vehicle }) {
  const url = new URL("/", location.href);
  if (station) url.searchParams.set("station", station);
  if (busStop) url.searchParams.set("bus_stop", busStop);
  if (vehicle) url.searchParams.set("vehicle", vehicle);
  return url.href;
}

/** Directions to a point in the common map apps: `[{app, href}]`, walking where the app takes a mode. */
export function directionLinks({ lat, lon, name }) {
  const point = `${lat.toFixed(6)},${lon.toFixed(6)}`;
  const label = encodeURIComponent(name ?? "");
  return [
    { app: "Your map app", href: `geo:${point}?q=${point}(${label})` },
    { app: "Apple Maps", href: `https://maps.apple.com/?daddr=${point}&dirflg=w&q=${label}` },
    { app: "Google Maps", href: `https://www.google.com/maps/dir/?api=1&destination=${point}&travelmode=walking` },
    { app: "OpenStreetMap", href: `https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=%3B${encodeURIComponent(point)}` },
  ];
}

/** The hand-off block of a station's card: directions in the rider's map apps and a link to share. */
export function stationHandoff(stop) {
  if (!Number.isFinite(stop?.lat) || !Number.isFinite(stop?.lon)) return null;
  const link = shareLink(stop.kind === "bus_stop" ? { busStop: stop.id } : { station: stop.id });
  const copy = el("button", { type: "button", class: "handoff-copy", text: "Copy link" });
  const status = el("span", { class: "handoff-status", role: "status" });
  copy.addEventListener("click", async () => {
    try {
      if (navigator.share) await navigator.share({ title: stop.name, url: link });
      else await navigator.clipboard.writeText(link);
      status.textContent = navigator.share ? "" : "Link copied";
    } catch {
      status.textContent = "Copy the link above";
    }
  });
  return el("div", { class: "handoff" },
    el("h3", { class: "section-title", text: "Directions" }),
    el("ul", { class: "handoff-apps" }, directionLinks(stop).map(({ app, href }) =>
      el("li", {}, el("a", { href, rel: "noopener", target: href.startsWith("geo:") ? null : "_blank", text: app })))),
    el("p", { class: "handoff-share" }, el("a", { href: link, class: "handoff-link", text: `Link to this ${stop.kind === "bus_stop" ? "stop" : "station"}` }), " ", copy, status));
}
