// A polite ARIA live region that speaks at most once per interval: live data changes every second, and a screen
// reader user should hear the latest state, not every intermediate one.

/** Throttled announcements into one live region element. */
export class Announcer {
  constructor(element, intervalMs = 10000) {
    this.element = element;
    this.intervalMs = intervalMs;
    this.lastAtMs = -Infinity;
    this.pending = null;
    this.timer = null;
  }

  /** Queues a sentence; repeated text is not spoken again. */
  announce(text) {
    if (!text || text === this.element.textContent) return;
    this.pending = text;
    const wait = this.lastAtMs + this.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => this.flush(), wait);
  }

  flush() {
    this.timer = null;
    if (this.pending === null) return;
    this.element.textContent = this.pending;
    this.pending = null;
    this.lastAtMs = Date.now();
  }
}
