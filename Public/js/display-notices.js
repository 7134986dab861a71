// The station display's notices: lines about the station itself (an elevator out of service…) that other parts of
// the page hand over by kind, drawn under the rows by the display's own paint, so that the e-ink repaint rule and
// the rows' fit see them like everything else.

/** Notices by kind (`elevators`, …), each a list of `{text, level}` (`level`: "outage" or "info"). */
export class DisplayNotices {
  constructor() {
    this.byKind = new Map();
  }

  /** Replaces the notices of one kind; an empty list clears them. Malformed items are dropped. */
  set(kind, items) {
    const valid = (Array.isArray(items) ? items : [])
      .filter((item) => item && typeof item.text === "string" && item.text)
      .map(({ text, level }) => ({ text, level: level === "outage" ? "outage" : "info" }));
    if (valid.length) this.byKind.set(kind, valid);
    else this.byKind.delete(kind);
  }

  /** Every notice, kinds in the order they were first set. */
  get items() {
    return [...this.byKind.values()].flat();
  }
}
