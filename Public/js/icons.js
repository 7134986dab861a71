// Map icons drawn on a canvas at run time, so the page needs no sprite sheet and no glyph server.
// Image ids name what they draw: "bullet:A" (a train: subway, rail, monorail), "tram:T1" (a rounded square),
// "ferry:F1" (a hull), "cable:C1" (cable car, gondola, funicular: a peak), "dot:A" (any of them at city zoom),
// "pill:M15", "arrow", "arrow-small", "station", "bus-stop", "entrance"; "bullet-dim:A", "tram-dim:T1",
// "ferry-dim:F1", "cable-dim:C1", "dot-dim:A" and "pill-dim:M15" are a vehicle whose position may be out of date
// (stale, not started, or the server lost).
// Every icon has a dark edge, so it stands out from any light map colour by at least 3:1 (WCAG 1.4.11).
import { subwayColors, subwayLabel, busColor, busLabel, busTextColor } from "./routes.js";
import { isRoadKind, iconFamily } from "./modes.js";

const pixelRatio = 2;
const font = '"DejaVu Sans", "Helvetica Neue", Arial, sans-serif';

/** Radius in CSS pixels of a train bullet, ring included; the arrow and the lateral offset are measured from it. */
export const bulletRadius = 10;
/** Radius in CSS pixels of a train's compact dot at city zooms, ring included. */
export const dotRadius = 5;
/** Height in CSS pixels of a bus pill. */
export const pillHeight = 16;

/** The dark edge around every vehicle icon, and a dimmed vehicle's letters. */
export const iconEdge = "#1b1f24";
/** A dimmed vehicle: white inside, a dashed ring in this grey, letters in `iconEdge`. */
export const dimmedRing = "#4a5360";

/**
 * The colours a vehicle icon is drawn in: `{fill, text, ring, edge}`, its line's when current, hollow when dimmed.
 * The page's contrast check reads these, so it measures what is drawn.
 */
export function vehicleIconColors(kind, route, dimmed) {
  // Road vehicles (bus, trolleybus) are pills in their borough's colour; everything else a route bullet.
  if (dimmed) return { fill: "#ffffff", text: iconEdge, ring: dimmedRing, edge: iconEdge };
  if (isRoadKind(kind)) return { fill: busColor(route), text: busTextColor(route), ring: "#ffffff", edge: iconEdge };
  const { color, text } = subwayColors(route);
  return { fill: color, text, ring: "#ffffff", edge: iconEdge };
}

/** Draws the image a style asks for by id, or returns null for ids this page does not make. */
export function drawIcon(id) {
  const [kind, route] = splitId(id);
  switch (kind) {
    case "bullet": case "tram": case "ferry": case "cable": return bullet(route, false, kind);
    case "bullet-dim": case "tram-dim": case "ferry-dim": case "cable-dim": return bullet(route, true, kind.replace("-dim", ""));
    case "dot": return dot(route, false);
    case "dot-dim": return dot(route, true);
    case "pill": return pill(route, false);
    case "pill-dim": return pill(route, true);
    case "arrow": return arrow();
    case "arrow-small": return smallArrow();
    case "station": return station();
    case "bus-stop": return busStop();
    case "entrance": return entrance();
    case "entrance-step-free": return stepFreeEntrance(false);
    case "entrance-elevator-out": return stepFreeEntrance(true);
    default: return null;
  }
}

/** Half width and half height in CSS pixels of a bus's pill, for placing its arrow just outside it. */
export function pillHalfSize(route) {
  return { halfWidth: pillWidth(busLabel(route)) / 2, halfHeight: pillHeight / 2 };
}

function splitId(id) {
  const colon = id.indexOf(":");
  return colon < 0 ? [id, ""] : [id.slice(0, colon), id.slice(colon + 1)];
}

function canvas(width, height) {
  const element = document.createElement("canvas");
  element.width = Math.ceil(width * pixelRatio);
  element.height = Math.ceil(height * pixelRatio);
  const context = element.getContext("2d");
  context.scale(pixelRatio, pixelRatio);
  return { element, context };
}

function image({ element, context }) {
  const data = context.getImageData(0, 0, element.width, element.height);
  return { image: data, options: { pixelRatio } };
}

/**
 * A vehicle on rails, water or cables, in the shape of its family (`iconFamily`): a disc for a train (a diamond
 * for NYC's express services), a rounded square for a tram, a hull for a ferry, a peak for a cable car, gondola or
 * funicular; each in its line's colour with a white ring and a dark edge, the route's label inside.
 */
function bullet(route, dimmed, family = "bullet") {
  const { fill, text, ring, edge } = vehicleIconColors("subway", route, dimmed);
  const label = subwayLabel(route);
  const size = bulletRadius * 2;
  const c = canvas(size, size);
  const ctx = c.context;
  const middle = bulletRadius;
  const r = bulletRadius - 0.75;
  ctx.beginPath();
  if (family === "tram") {
    ctx.roundRect(middle - r, middle - r, 2 * r, 2 * r, 4);
  } else if (family === "ferry") {
    // Deck across the top third, the hull curving below it.
    ctx.moveTo(middle - r, middle - r * 0.45);
    ctx.lineTo(middle + r, middle - r * 0.45);
    ctx.quadraticCurveTo(middle + r * 0.9, middle + r, middle, middle + r);
    ctx.quadraticCurveTo(middle - r * 0.9, middle + r, middle - r, middle - r * 0.45);
    ctx.closePath();
  } else if (family === "cable") {
    ctx.moveTo(middle, middle - r);
    ctx.lineTo(middle + r, middle + r * 0.8);
    ctx.lineTo(middle - r, middle + r * 0.8);
    ctx.closePath();
  } else if (label.express) {
    const r = bulletRadius - 0.5;
    ctx.moveTo(middle, middle - r); ctx.lineTo(middle + r, middle); ctx.lineTo(middle, middle + r); ctx.lineTo(middle - r, middle);
    ctx.closePath();
  } else {
    ctx.arc(middle, middle, bulletRadius - 0.75, 0, Math.PI * 2);
  }
  ctx.fillStyle = fill;
  ctx.fill();
  ringAndEdge(ctx, ring, edge, dimmed);
  const fontSize = label.text.length > 2 ? 7 : label.text.length > 1 ? 9 : 12;
  ctx.font = `bold ${fontSize}px ${font}`;
  ctx.fillStyle = text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label.text, middle, middle + 0.5);
  return image(c);
}

/** A train at city zoom: a disc in its line's colour (hollow when dimmed) with a white ring and a dark edge, no letter. */
function dot(route, dimmed) {
  const { fill, ring, edge } = vehicleIconColors("subway", route, dimmed);
  const c = canvas(dotRadius * 2, dotRadius * 2);
  const ctx = c.context;
  ctx.beginPath();
  ctx.arc(dotRadius, dotRadius, dotRadius - 1.25, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ringAndEdge(ctx, ring, edge, dimmed);
  return image(c);
}

const widths = new Map();
function pillWidth(label) {
  if (!widths.has(label)) {
    const { context } = canvas(1, 1);
    context.font = `bold 11px ${font}`;
    widths.set(label, Math.ceil(context.measureText(label).width) + 10);
  }
  return widths.get(label);
}

function pill(route, dimmed) {
  const { fill, text, ring, edge } = vehicleIconColors("bus", route, dimmed);
  const label = busLabel(route);
  const width = pillWidth(label);
  const c = canvas(width, pillHeight);
  const ctx = c.context;
  const r = pillHeight / 2 - 0.75;
  ctx.beginPath();
  ctx.moveTo(0.75 + r, 0.75);
  ctx.lineTo(width - 0.75 - r, 0.75);
  ctx.arc(width - 0.75 - r, pillHeight / 2, r, -Math.PI / 2, Math.PI / 2);
  ctx.lineTo(0.75 + r, pillHeight - 0.75);
  ctx.arc(0.75 + r, pillHeight / 2, r, Math.PI / 2, Math.PI * 1.5);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ringAndEdge(ctx, ring, edge, dimmed);
  ctx.font = `bold 11px ${font}`;
  ctx.fillStyle = text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label, width / 2, pillHeight / 2 + 0.5);
  return image(c);
}

/** Strokes the current path's ring (dashed when dimmed) with a hairline dark edge outside it. */
function ringAndEdge(ctx, ring, edge, dimmed) {
  ctx.lineWidth = 2.25;
  ctx.strokeStyle = edge;
  ctx.stroke();
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = ring;
  if (dimmed) ctx.setLineDash([2, 1.5]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A white arrowhead pointing up (north before rotation), outlined so that it shows on a light map. */
function arrow() {
  return arrowhead(10, 8, 0.8, { fill: "#ffffff", outline: "#1b1f24", lineWidth: 1.2 });
}

/** The compact dot's direction mark: a small dark arrowhead pointing up (north before rotation). */
function smallArrow() {
  return arrowhead(6, 5, 0.3, { fill: "#1b1f24" });
}

/** An upward triangle filling a `width` × `height` image less `inset` on each side, filled and maybe outlined. */
function arrowhead(width, height, inset, { fill, outline = null, lineWidth = 0 }) {
  const c = canvas(width, height);
  const ctx = c.context;
  ctx.beginPath();
  ctx.moveTo(width / 2, inset); ctx.lineTo(width - inset, height - inset); ctx.lineTo(inset, height - inset);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  if (outline) {
    ctx.lineWidth = lineWidth;
    ctx.lineJoin = "round";
    ctx.strokeStyle = outline;
    ctx.stroke();
  }
  return image(c);
}

/** A station: a small tunnel mouth on a white disc. */
function station() {
  const c = canvas(12, 12);
  const ctx = c.context;
  ctx.beginPath();
  ctx.arc(6, 6, 5.25, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "#1b1f24";
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(3.5, 8.5); ctx.lineTo(3.5, 6); ctx.arc(6, 6, 2.5, Math.PI, 0); ctx.lineTo(8.5, 8.5);
  ctx.closePath();
  ctx.fillStyle = "#1b1f24";
  ctx.fill();
  return image(c);
}

/** A bus stop: a small blue sign. */
function busStop() {
  const c = canvas(10, 10);
  const ctx = c.context;
  ctx.fillStyle = "#0b57d0";
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.rect(1, 1, 8, 8);
  ctx.fill();
  ctx.stroke();
  return image(c);
}

/** A station entrance: a small green stair mark. */
function entrance() {
  const c = canvas(10, 10);
  const ctx = c.context;
  ctx.fillStyle = "#0a7d32";
  ctx.beginPath();
  ctx.rect(0.5, 0.5, 9, 9);
  ctx.fill();
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.moveTo(2, 8); ctx.lineTo(2, 6.5); ctx.lineTo(4, 6.5); ctx.lineTo(4, 4.5); ctx.lineTo(6, 4.5); ctx.lineTo(6, 2.5); ctx.lineTo(8, 2.5);
  ctx.stroke();
  return image(c);
}

/** A step-free entrance (a street elevator or a ramp): a blue square with up and down arrows; red and crossed out
 * when its station has an elevator out of service. */
function stepFreeEntrance(out) {
  const c = canvas(14, 14);
  const ctx = c.context;
  ctx.fillStyle = out ? "#c8102e" : "#0039a6";
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.rect(0.5, 0.5, 13, 13);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.beginPath();
  ctx.moveTo(4.5, 2.5); ctx.lineTo(7, 6); ctx.lineTo(2, 6); ctx.closePath();
  ctx.moveTo(9.5, 11.5); ctx.lineTo(12, 8); ctx.lineTo(7, 8); ctx.closePath();
  ctx.fill();
  if (out) {
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.moveTo(2, 12); ctx.lineTo(12, 2);
    ctx.stroke();
  }
  return image(c);
}
