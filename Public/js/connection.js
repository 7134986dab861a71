// The page's WebSocket to /ws: JSON messages in and out, reconnection with exponential backoff and
// jitter, and a connection state the status badge shows (connecting → live → reconnecting → offline).

const baseDelayMs = 500;
const maxDelayMs = 15000;
/** After this many failed attempts in a row the page says "offline" (it keeps retrying at the longest delay). */
const attemptsBeforeOffline = 6;

/** The address of this server's /ws, with the page's scheme (wss: behind https). */
export function serverSocketUrl() {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

/**
 * The wait before reconnection attempt number `failures` (1, 2, …): doubling from 0.5 s up to 15 s, of which a
 * random half (`random` in [0, 1)) is jitter, so that clients dropped together do not return together.
 */
export function retryDelayMs(failures, random) {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(failures, 1) - 1, 10));
  return Math.round(ceiling / 2 + random * ceiling / 2);
}

/** One logical connection to the server that survives socket losses. */
export class Connection {
  /**
   * @param {string} url ws:// or wss:// address of /ws
   * @param {{onMessage: (message: object, receivedAtMs: number) => void,
   *          onStateChange: (state: string, detail: object) => void}} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.state = "connecting";
    this.failures = 0;
    this.socket = null;
    this.retryTimer = null;
    this.retryAt = null;
    window.addEventListener("online", () => this.retryNow());
    window.addEventListener("offline", () => this.setState("offline"));
  }

  start() {
    this.open();
  }

  /** Sends a message when the socket is open; returns whether it was sent (the app replays state on `hello`). */
  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Marks the connection live: the server said hello, so the app's subscription can be (re)sent. */
  markLive() {
    this.failures = 0;
    this.setState("live");
  }

  /** Closes the socket for good, without reconnecting (the page is about to reload). */
  stop() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null; // its close event then finds a socket it no longer owns and schedules nothing
    socket?.close();
  }

  open() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      const receivedAtMs = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        console.warn("trackside: ignored a message that is not JSON");
        return;
      }
      if (message && typeof message === "object") this.handlers.onMessage(message, receivedAtMs);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry();
    };
  }

  scheduleRetry() {
    this.failures++;
    const delay = retryDelayMs(this.failures, Math.random());
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => this.open(), delay);
    const offline = this.failures >= attemptsBeforeOffline || navigator.onLine === false;
    this.setState(offline ? "offline" : "reconnecting");
  }

  retryNow() {
    if (this.socket) return;
    this.open();
  }

  setState(state) {
    const changed = state !== this.state;
    this.state = state;
    this.handlers.onStateChange(state, { retryAt: this.retryAt, failures: this.failures, changed });
  }
}
