// What the station display may claim about its times, as pure functions of the moment: whether the server is
// with us (live), lost but recently (the last known times keep counting down, marked with their age), or lost too
// long (the times are withdrawn); which mark names the data's source; and the burn-in shift of the moment.

/** After losing the server, the last known times keep counting down this long, marked, then are withdrawn. */
export const holdSeconds = 60;
/** The display asks the server for its board this often, so that a connection that hangs is noticed too. */
export const heartbeatSeconds = 10;
/** Without any word from the server for this long, it counts as lost even while the socket says it is open. */
export const silenceSeconds = 25;

/**
 * The display's phase at `nowMs`: `live`, `holding` (lost for at most `holdSeconds`: the last times, counted down,
 * with their age) or `unavailable` (lost longer: "Live times unavailable"); `waiting` before any word at all.
 * `confirmedAtMs`: the last moment the server confirmed the board (a pushed message or a board fetched), `socketLive`:
 * the push connection is open and greeted, `fetchFailing`: the latest board fetch failed.
 * @returns {{phase: string, ageSeconds: number|null}}
 */
export function freshness({ confirmedAtMs, socketLive, fetchFailing, nowMs }) {
  if (confirmedAtMs === null) return { phase: "waiting", ageSeconds: null };
  const ageSeconds = Math.max(0, (nowMs - confirmedAtMs) / 1000);
  // The socket being open is not proof enough alone (a stuck proxy keeps it open): a recent word from the server is.
  const heard = ageSeconds < silenceSeconds;
  if (heard && !fetchFailing && (socketLive || ageSeconds < heartbeatSeconds * 1.5)) return { phase: "live", ageSeconds };
  return { phase: ageSeconds <= holdSeconds ? "holding" : "unavailable", ageSeconds };
}

/** "0:45", "12:03", "1:02:03": an age as a clock reads it. */
export function ageClock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The mark naming what the data is, or null for live data: "Demo" and "Simulated" for the simulator, "Replay" for a
 * recording; "Stale" joins it when the board's feeds stopped updating.
 */
export function sourceMark(source, stale, words) {
  const kind = source === "demo" ? words.demo : source === "sim" ? words.simulated : source === "replay" ? words.replay : null;
  return [kind, stale ? words.stale : null].filter(Boolean).join(" · ") || null;
}

/** Burn-in protection: the content moves to the next of these offsets (CSS pixels) every `burnInPeriodMs`. */
export const burnInOffsets = [[0, 0], [3, 0], [3, 3], [0, 3], [-3, 3], [-3, 0], [-3, -3], [0, -3], [3, -3]];
export const burnInPeriodMs = 3 * 60 * 1000;

/** The content's offset `[x, y]` at `nowMs`: a cycle of nine, so that no pixel shows the same thing for hours. */
export function burnInOffset(nowMs) {
  const step = Math.floor(nowMs / burnInPeriodMs);
  return burnInOffsets[((step % burnInOffsets.length) + burnInOffsets.length) % burnInOffsets.length];
}

/**
 * The e-ink rule: a frame is painted only when it differs from the one on screen, and at most once per
 * `minimumMs` — except the first frame with a board, painted at once so that the screen does not wait on "Loading".
 */
export class PaintGate {
  constructor(minimumMs) {
    this.minimumMs = minimumMs;
    this.shownKey = null;
    this.paintedAtMs = null;
    this.paints = 0;
  }

  /** Whether to paint the frame `key` now; if so, it counts as painted. */
  admit(key, nowMs, { urgent = false } = {}) {
    if (key === this.shownKey) return false;
    if (!urgent && this.paintedAtMs !== null && nowMs - this.paintedAtMs < this.minimumMs) return false;
    this.shownKey = key;
    this.paintedAtMs = nowMs;
    this.paints++;
    return true;
  }
}
