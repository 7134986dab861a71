// The connection badge: connecting, live, reconnecting (with the next attempt's countdown) or offline.
// Only the state is in the live region; the countdown is hidden from screen readers so it is not read every second.

const labels = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  offline: "Offline — retrying",
};

/** Shows the connection state in the status element, counting down to the next reconnection attempt. */
export class StatusBadge {
  constructor(element) {
    this.element = element;
    this.text = element.querySelector(".status-text");
    this.countdown = element.querySelector(".status-countdown");
    this.timer = null;
  }

  show(state, { retryAt } = {}) {
    clearInterval(this.timer);
    this.timer = null;
    this.element.dataset.state = state;
    this.text.textContent = labels[state] ?? state;
    const render = () => {
      const seconds = retryAt ? Math.max(0, Math.ceil((retryAt - Date.now()) / 1000)) : 0;
      this.countdown.textContent = state === "reconnecting" && seconds > 0 ? ` (${seconds} s)` : "";
    };
    render();
    if (state === "reconnecting" && retryAt) this.timer = setInterval(render, 1000);
  }
}
