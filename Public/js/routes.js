// Route colours and labels: the MTA's official palette (as the iOS app drew it), overridden by the
// colours /api/routes reports, plus bus colours by borough.

const subwayPalette = [
  [["1", "2", "3"], "#EE352E"],
  [["4", "5", "6", "5X", "6X"], "#00933C"],
  [["7", "7X"], "#B933AD"],
  [["A", "C", "E"], "#0039A6"],
  [["B", "D", "F", "FX", "M"], "#FF6319"],
  [["G"], "#6CBE45"],
  [["J", "Z"], "#996633"],
  [["L"], "#A7A9AC"],
  [["N", "Q", "R", "W"], "#FCCC0A"],
  [["GS", "FS", "H", "S", "SI", "SIR"], "#808183"],
];
const defaultColors = new Map(subwayPalette.flatMap(([routes, color]) => routes.map((route) => [route, color])));
// Yellow bullets take black letters (MTA signage). Bullets are route logotypes, drawn in the MTA's own colours.
const blackText = new Set(["N", "Q", "R", "W"]);
const reported = new Map();
// The names riders use (GTFS route_short_name), where the server reports one that is not the id.
const shortNames = new Map();

/** Records the colours and short name the server reports for a route (GeoJSON properties `color`, `text_color`,
 *  `short_name`). */
export function learnRouteColors(route, color, textColor, shortName) {
  if (route && typeof shortName === "string" && shortName && shortName !== route) shortNames.set(route, shortName);
  if (!route || !/^#?[0-9a-f]{6}$/i.test(color ?? "")) return;
  const hash = (value) => (value.startsWith("#") ? value : `#${value}`);
  const text = /^#?[0-9a-f]{6}$/i.test(textColor ?? "") ? hash(textColor) : null;
  reported.set(route, { color: hash(color), text });
}

/** Records the labels vehicles and board groups carry (`route_short_name`, `route_color`, `route_text_color`
 *  beside `route`, docs/PROTOCOL.md), so that bullets, pills and names read as riders know the route wherever it
 *  came from; items without them change nothing. */
export function learnRouteLabels(items) {
  for (const item of Array.isArray(items) ? items : []) {
    if (item && typeof item.route === "string") {
      learnRouteColors(item.route, item.route_color, item.route_text_color, item.route_short_name);
    }
  }
}

/** Records a stop's `route_labels` (`/api/bus-stops/{id}`: route id → its label members). */
export function learnRouteLabelMap(labels) {
  if (!labels || typeof labels !== "object") return;
  for (const [route, label] of Object.entries(labels)) {
    if (label && typeof label === "object") learnRouteColors(route, label.route_color, label.route_text_color, label.route_short_name);
  }
}

/**
 * The fill and letter colours of a subway route's bullet: the MTA's (or the feed's) letter colour where it reaches
 * WCAG AA's 4.5:1 on the fill, else black or white, whichever reads better (white letters on the 1/2/3 red, the
 * 4/5/6 green or the B/D/F/M orange fall short of it).
 */
export function subwayColors(route) {
  const known = reported.get(route);
  const color = known?.color ?? defaultColors.get(route) ?? "#808183";
  const preferred = blackText.has(route) ? "#000000" : known?.text ?? "#FFFFFF";
  return { color, text: readableOn(color, preferred) };
}

/** `preferred` when it has a 4.5:1 contrast on `fill`, else black or white, whichever contrasts more. */
function readableOn(fill, preferred) {
  if (contrastRatio(preferred, fill) >= 4.5) return preferred;
  return contrastRatio("#000000", fill) >= contrastRatio("#FFFFFF", fill) ? "#000000" : "#FFFFFF";
}

/** A route's name in text: its short name where reported, else its id (NYC's subway: the same). */
export const routeName = (route) => shortNames.get(route) ?? route;

/** What a bullet shows: the route's short name where it has one of its own; NYC's shuttles are "S", express
 *  variants keep their number and get a diamond. */
export function subwayLabel(route) {
  if (shortNames.has(route)) return { text: shortNames.get(route), express: false };
  if (["GS", "FS", "H"].includes(route)) return { text: "S", express: false };
  if (route === "SI" || route === "SIR") return { text: "SIR", express: false };
  const express = /^[0-9A-Z]X$/.test(route);
  return { text: express ? route[0] : route, express };
}

// Longest prefixes first, so that "BxM" is not taken for "B".
const boroughPrefixes = [
  ["BxM", "#00A6BD"], ["Bx", "#00A6BD"],
  ["SIM", "#B482DC"], ["S", "#B482DC"],
  ["BM", "#FF6319"], ["B", "#FF6319"],
  ["QM", "#B933AD"], ["Q", "#B933AD"],
  ["M", "#7030A0"],
];

/** A bus pill's colour: the route's own (route_color) where reported, else by the borough in its route name (Bx
 *  teal, B orange, Q purple, S lavender, M purple). */
export function busColor(route) {
  const known = reported.get(route);
  if (known) return known.color;
  const name = busLabel(route);
  for (const [prefix, color] of boroughPrefixes) {
    if (name.startsWith(prefix) && /[0-9]/.test(name.charAt(prefix.length))) return color;
  }
  return "#4a5360";
}

/** The route name a rider knows: its short name where reported; SIRI line refs look like "MTA NYCT_M15", keep what
 *  follows the agency. */
export function busLabel(route) {
  if (shortNames.has(route)) return shortNames.get(route);
  const underscore = route.lastIndexOf("_");
  return underscore >= 0 ? route.slice(underscore + 1) : route;
}

/** Letter colour on a bus pill: white where it reaches a 4.5:1 contrast ratio, black otherwise. */
export function busTextColor(route) {
  return readableOn(busColor(route), "#FFFFFF");
}

/** WCAG 2.1 contrast ratio of two sRGB colours "#RRGGBB". */
export function contrastRatio(a, b) {
  const luminance = (hex) => {
    const channel = (offset) => {
      const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const routeCollator = new Intl.Collator("en", { numeric: true });

/** Orders route names as riders expect ("2" before "10", "B" before "Bx12"); one shared collator, as sorting runs often. */
export function compareRoutes(a, b) {
  return routeCollator.compare(String(a), String(b));
}
