// The first time a rider opens the demo, one line says what it is: simulated service on a few lines, so that a
// search for a station of another line, or an empty bus layer, does not read as a broken map. Dismissed once, it
// stays dismissed in this browser.
import { routeList } from "./status-badge.js";

const dismissedKey = "trackside.demoExplained";

/** Shows the source's explanation when it needs one and the rider has not dismissed it yet. */
export function explainSource(source, config) {
  const note = document.getElementById("source-note");
  if (source !== "demo" || dismissed()) {
    note.hidden = true;
    return;
  }
  note.querySelector(".source-note-text").textContent =
    `This is a demo: simulated service on ${routeList(config.simulated_routes)}, run from their timetable with made-up delays. ` +
    "Other lines, buses and live positions need the server started with live feeds (--source mta).";
  note.hidden = false;
  const close = note.querySelector(".source-note-close");
  close.onclick = () => {
    note.hidden = true;
    try { localStorage.setItem(dismissedKey, "1"); } catch { /* private mode: shown again next time */ }
  };
}

function dismissed() {
  try { return localStorage.getItem(dismissedKey) === "1"; } catch { return false; }
}
