// What riders read about elevators and escalators (station popup, display): one sentence per piece of equipment out
// of service, from an `elevators` list (`/api/stations/{id}` or the pushed `elevators` message), e.g.
// "Elevator to the Uptown 1/2/3 platform out of service until 6 PM". Pure: the time zone and now are passed in.

const directions = [["uptown", "Uptown"], ["downtown", "Downtown"], ["manhattan-bound", "Manhattan-bound"]];

/**
 * Where a piece of equipment leads, from its short description ("Street to Brooklyn-bound platform" → "the
 * Brooklyn-bound platform", "Mezzanine to uptown 1/2/3" → "the Uptown 1/2/3 platform"), else its `serving`.
 */
export function destination(elevator) {
  const text = String(elevator.description ?? elevator.serving ?? "").trim();
  const at = text.toLowerCase().lastIndexOf(" to ");
  let place = (at >= 0 ? text.slice(at + 4) : text).trim();
  if (!place) return "";
  for (const [word, written] of directions) place = place.replace(new RegExp(`\\b${word}\\b`, "i"), written);
  const aPlatform = /(uptown|downtown|-bound|both directions)/i.test(place) && !/(platform|mezzanine|street|landing)/i.test(place);
  return `the ${place}${aPlatform ? " platform" : ""}`;
}

/** "6 PM", "6:30 PM", "tomorrow 6 PM", "Fri 6 PM" or "Dec 12, 6 PM" for `until` (seconds) seen at `now` (seconds). */
export function untilText(until, now, timeZone) {
  const zone = timeZone ? { timeZone } : {};
  const at = new Date(until * 1000);
  const minutes = new Intl.DateTimeFormat("en-US", { minute: "2-digit", ...zone }).format(at);
  const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", ...(minutes === "00" || minutes === "0" ? {} : { minute: "2-digit" }), ...zone })
    .format(at).replace(/\u202f/g, " ");
  const day = (seconds) => new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", ...zone }).format(new Date(seconds * 1000));
  if (day(until) === day(now)) return clock;
  if (day(until) === day(now + 86400)) return `tomorrow ${clock}`;
  if (until - now < 6 * 86400) return `${new Intl.DateTimeFormat("en-US", { weekday: "short", ...zone }).format(at)} ${clock}`;
  return `${new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...zone }).format(at)}, ${clock}`;
}

/** One sentence for a piece of equipment out of service. */
export function outageText(elevator, now, timeZone) {
  const kind = elevator.kind === "escalator" ? "Escalator" : "Elevator";
  const where = destination(elevator);
  const until = Number.isFinite(elevator.until) && elevator.until > now ? ` until ${untilText(elevator.until, now, timeZone)}` : "";
  return `${kind}${where ? ` to ${where}` : ""} out of service${until}`;
}

/**
 * The outages of an `elevators` list as notices `{text, level}`, elevators (what step-free riders depend on) before
 * escalators; `escalators: false` leaves escalators out. A stale list says its news may be out of date.
 */
export function outageNotices(elevators, { now, timeZone = null, stale = false, escalators = true } = {}) {
  const out = (Array.isArray(elevators) ? elevators : [])
    .filter((e) => e && e.status === "out_of_service" && (escalators || e.kind !== "escalator"))
    .sort((a, b) => (a.kind === b.kind ? String(a.id).localeCompare(String(b.id)) : a.kind === "elevator" ? -1 : 1));
  return out.map((e) => ({ text: outageText(e, now, timeZone) + (stale ? " (may be out of date)" : ""), level: "outage", id: e.id }));
}
