// The live side of the page: the WebSocket messages in (hello, snapshot, delta, arrivals, alerts, vehicle, error) and the
// subscription out, which follows the map's view. Resubscribing yields a delta from the old view to the new one,
// so vehicles still in view never blink; after a reconnect the page resumes from its last seq.
import { desiredRegion, subscriptionCovers } from "./region.js";
import { toggleLayers } from "./modes.js";

/** Pans are coalesced to at most two subscribes a second, as docs/PROTOCOL.md asks. */
const subscribeIntervalMs = 500;

/** Everything the page needs to hear about from the server. */
export class LiveFeed {
  /**
   * @param {{map, store, renderer, popup, card, config, onHello, onStateChange, connect}} parts `connect(handlers)` opens
   *   the connection (a `Connection` to /ws in the page; a fake in tests)
   */
  constructor({ map, store, renderer, popup, card, config, onHello, onStateChange, connect }) {
    this.map = map;
    this.store = store;
    this.renderer = renderer;
    this.popup = popup;
    this.card = card;
    this.config = config;
    this.onHello = onHello;
    this.toggles = { trains: true, buses: true };
    this.current = null;
    this.previous = null;
    this.wanted = null;
    this.lastSubscribeMs = -Infinity;
    this.subscribeTimer = null;
    this.lastError = null;
    this.snapshots = 0;
    this.connection = connect({
      onMessage: (message, receivedAtMs) => this.receive(message, receivedAtMs),
      onStateChange,
    });
    map.on("moveend", () => this.follow());
  }

  start() {
    this.follow();
    this.connection.start();
  }

  /** Layer toggles for live vehicles: `{trains, buses}` booleans. */
  setToggles(toggles) {
    this.toggles = { ...this.toggles, ...toggles };
    this.follow();
  }

  /**
   * Whether the map shows no live vehicles only because it is zoomed out too far: trains hidden, or buses hidden
   * with trains toggled off. (Buses alone waiting for a closer zoom is the normal city view, not worth a hint.)
   */
  get zoomedOutTooFar() {
    return this.wanted !== null && this.wanted.hidden.length > 0 && this.wanted.layers.length === 0;
  }

  send(message) {
    return this.connection.send(message);
  }

  /** Recomputes the wanted region and layers, shows the kinds it allows, and subscribes if the current one falls short. */
  follow() {
    const bounds = this.map.getBounds();
    this.wanted = desiredRegion(bounds, this.map.getZoom(), {
      showTrains: this.toggles.trains,
      showBuses: this.toggles.buses,
      subwayMinZoom: this.config.subway_min_zoom,
      busMinZoom: this.config.bus_min_zoom,
      ...toggleLayers(this.config.modes),
    });
    this.renderer.setVisibleKinds(this.wanted.layers);
    // With nothing to show the old subscription stays (bounded by the last view); it is replaced on zooming in.
    if (this.wanted.layers.length === 0 || subscriptionCovers(this.current, this.wanted, bounds)) return;
    this.subscribe();
  }

  /**
   * Sends the wanted view, at most once per `subscribeIntervalMs` (the server's token bucket refuses floods):
   * a burst of pans coalesces into one subscribe for the latest view.
   */
  subscribe() {
    const wait = this.lastSubscribeMs + subscribeIntervalMs - Date.now();
    if (wait > 0) {
      if (this.subscribeTimer === null) this.subscribeTimer = setTimeout(() => { this.subscribeTimer = null; this.subscribe(); }, wait);
      return;
    }
    const { bbox, layers } = this.wanted;
    if (!this.connection.send({ op: "subscribe", bbox, layers })) return;
    this.lastSubscribeMs = Date.now();
    this.previous = this.current;
    this.current = { bbox, layers };
  }

  receive(message, receivedAtMs) {
    switch (message.type) {
      case "hello": return this.hello(message);
      case "snapshot":
        this.store.applySnapshot(message, receivedAtMs);
        this.snapshots++;
        return this.renderer.request();
      case "delta":
        if (!this.store.applyDelta(message, receivedAtMs)) return this.resume();
        return this.renderer.request();
      case "arrivals": return this.popup.applyArrivals(message);
      case "alerts": return this.popup.applyAlerts(message);
      case "elevators": return this.popup.applyElevators(message);
      case "vehicle": return this.card?.applyVehicle(message);
      case "error": return this.refused(message);
      default: return undefined;
    }
  }

  /** A (re)connection: resume the stream this page has, or subscribe afresh; then re-watch the open stop. */
  hello(message) {
    this.connection.markLive();
    this.onHello(message);
    const canResume = this.current !== null && this.store.epoch === message.epoch && this.store.seq !== null;
    if (canResume) {
      // The server folds the missed ticks into one delta for the view the page had, then the page moves on.
      this.resume();
      if (!subscriptionCovers(this.current, this.wanted, this.map.getBounds()) && this.wanted.layers.length > 0) this.subscribe();
    } else {
      this.current = null;
      if (this.wanted?.layers.length > 0) this.subscribe();
    }
    this.popup.rewatch();
    this.card?.rewatch();
  }

  /** After a reconnect or a gap in the seqs: the missed ticks for the view the page had (or a fresh snapshot). */
  resume() {
    if (!this.current) return;
    const { bbox, layers } = this.current;
    this.connection.send({ op: "resume", epoch: this.store.epoch, seq: this.store.seq, bbox, layers });
  }

  /** A refused message leaves the previous view in force; a rate-limited one is tried again later. */
  refused(message) {
    this.lastError = { code: message.code, message: message.message };
    console.warn(`trackside: server refused a message (${message.code}): ${message.message}`);
    if (message.code === "bbox_too_large" || message.code === "rate_limited") {
      this.current = this.previous;
      if (message.code === "rate_limited") setTimeout(() => this.follow(), 1000);
    }
  }
}
