// Vehicle modes (the server's `kind`, from GTFS route_type) under the page's two vehicle toggles: road vehicles
// under "buses", everything on rails, cables or water under "trains".

const roadKinds = new Set(["bus", "trolleybus"]);
const nouns = { subway: "train", rail: "train", monorail: "train", funicular: "funicular", tram: "tram", ferry: "ferry",
                cable_car: "cable car", gondola: "gondola", bus: "bus", trolleybus: "trolleybus" };

/** Whether a kind is drawn as a bus pill and shown by the buses toggle. */
export const isRoadKind = (kind) => roadKinds.has(kind);

/** The `layers` each toggle subscribes to, from /api/config's `modes` (NYC's subway and bus without them). */
export function toggleLayers(modes) {
  const known = Array.isArray(modes) ? modes.filter((mode) => mode in nouns) : [];
  const trains = known.filter((mode) => !isRoadKind(mode)), buses = known.filter(isRoadKind);
  return { trainLayers: trains.length > 0 ? trains : ["subway"], busLayers: buses.length > 0 ? buses : ["bus"] };
}

const families = { tram: "tram", ferry: "ferry", cable_car: "cable", gondola: "cable", funicular: "cable" };

/** The icon a vehicle of a kind not on the road is drawn with (icons.js): "bullet" (trains), "tram", "ferry", "cable". */
export const iconFamily = (kind) => families[kind] ?? "bullet";

/** What a vehicle of a kind is called: "train", "bus", "tram", "ferry"… */
export const vehicleNoun = (kind) => nouns[kind] ?? "train";
