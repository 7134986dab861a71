// Small DOM builders. Server text is always set with textContent, never parsed as HTML.
import { subwayColors, subwayLabel, busColor, busLabel, busTextColor } from "./routes.js";

/** Creates an element with attributes (strings) and children (nodes, strings, or null to skip). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** A route bullet ("A" in a blue disc), labelled for screen readers as a route of `noun`s ("A train", "005 bus"). */
export function bullet(route, { inline = false, noun = "train" } = {}) {
  const { color, text } = subwayColors(route);
  const label = subwayLabel(route);
  const node = el("span", {
    class: `bullet${label.express ? " express" : ""}${inline ? " inline" : ""}`,
    role: "img",
    "aria-label": `${label.text}${label.express ? " express" : ""} ${noun}`,
  }, el("span", { text: label.text, "aria-hidden": "true" }));
  node.style.background = color;
  node.style.color = text;
  return node;
}

/** A bus route tag ("M15" on its borough colour). */
export function busTag(route) {
  const node = el("span", { class: "bus-tag", text: busLabel(route) });
  node.style.background = busColor(route);
  node.style.color = busTextColor(route);
  return node;
}

/** Text with route tokens: an array of strings and `{route}` objects, or a string where "[A]" marks a route. */
export function richText(content) {
  const parts = Array.isArray(content) ? content : splitRouteTokens(String(content ?? ""));
  return parts.map((part) => {
    if (typeof part === "string") return document.createTextNode(part);
    if (part && typeof part.route === "string") return bullet(part.route, { inline: true });
    if (part && typeof part.text === "string") return document.createTextNode(part.text);
    return null;
  });
}

function splitRouteTokens(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/\[([A-Z0-9]{1,3})\]/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ route: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
