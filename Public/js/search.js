// The search box: an ARIA combobox over /api/search. Arrow keys move through the results, Enter picks one,
// Escape closes; picking flies the map to the place and opens its popup.
import { el, bullet, busTag } from "./dom.js";

const debounceMs = 150;

/** Wires the input and listbox; `onPick(result)` receives `{type, id, name, lines, lat, lon}`. */
export function setUpSearch(input, list, onPick) {
  let results = [];
  let active = -1;
  let timer = null;
  let latestQuery = "";

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };

  const highlight = (index) => {
    active = index;
    [...list.children].forEach((item, i) => item.setAttribute("aria-selected", String(i === index)));
    if (index >= 0 && list.children[index]) {
      input.setAttribute("aria-activedescendant", list.children[index].id);
      list.children[index].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };

  const pick = (index) => {
    const result = results[index];
    if (!result) return;
    input.value = result.name;
    close();
    onPick(result);
  };

  const show = (query, found) => {
    results = found;
    const items = found.map((result, index) => {
      const badges = (result.lines ?? []).slice(0, 6).map((line) => (result.type === "bus_stop" ? busTag(line) : bullet(line, { inline: true })));
      const item = el("li", { id: `search-result-${index}`, role: "option", "aria-selected": "false" },
        el("span", { text: result.name }), badges,
        el("span", { class: "result-kind", text: result.type === "bus_stop" ? "Bus stop" : "Station" }));
      item.addEventListener("mousedown", (event) => event.preventDefault());
      item.addEventListener("click", () => pick(index));
      return item;
    });
    if (items.length === 0) items.push(el("li", { class: "empty", role: "option", "aria-disabled": "true", text: `No match for “${query}”` }));
    list.replaceChildren(...items);
    // Which query these results answer (results of a partial query may show while typing).
    list.dataset.query = query;
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    highlight(found.length ? 0 : -1);
  };

  const search = async (query) => {
    latestQuery = query;
    try {
      const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`);
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const body = await response.json();
      if (query !== latestQuery) return;
      show(query, Array.isArray(body.results) ? body.results.filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lon)) : []);
    } catch (error) {
      if (query === latestQuery) show(query, []);
      console.warn("trackside: search failed", error);
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (!query) { close(); return; }
    timer = setTimeout(() => search(query), debounceMs);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (list.hidden || results.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      highlight((active + step + results.length) % results.length);
    } else if (event.key === "Enter") {
      if (!list.hidden && active >= 0) { event.preventDefault(); pick(active); }
    } else if (event.key === "Escape") {
      close();
    }
  });
  input.addEventListener("blur", close);
}
