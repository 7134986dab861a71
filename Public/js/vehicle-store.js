// The client's copy of the server's vehicles for the subscribed region: snapshots replace it, deltas patch it.
import { prepareSegment } from "./motion.js";
import { learnRouteLabels } from "./routes.js";

/** A later placement time this much earlier than the known one means the feed clock jumped back (a looped replay). */
const clockJumpBackMs = 120000;

/**
 * Vehicles by id with the stream position (epoch, seq) they reflect, and two clocks: the server's wall clock
 * (from each message's `ts`) and the placement clock the motion segments are timed in. They are the same for live
 * feeds; a replay places vehicles at the recording's time, so segments are animated on the clock they came with.
 */
export class VehicleStore {
  constructor() {
    this.records = new Map();
    this.epoch = null;
    this.seq = null;
    this.clockOffsetMs = 0;
    this.placementOffsetMs = null;
    this.feedOffsetMs = null;
    this.version = 0;
  }

  /** Replaces every vehicle (a `snapshot` message). */
  applySnapshot(message, receivedAtMs) {
    this.records.clear();
    const latest = this.upsertAll(message.vehicles, receivedAtMs);
    if (latest !== null) this.placementOffsetMs = latest * 1000 - receivedAtMs;
    this.seq = null;
    this.advance(message, receivedAtMs, true);
  }

  /**
   * Patches the vehicles (a `delta` message). Returns false, applying nothing, when the delta does not follow
   * the last one seen in this epoch: the caller then resumes from `seq` to fetch what was missed.
   */
  applyDelta(message, receivedAtMs) {
    if (message.epoch !== this.epoch || (this.seq !== null && message.seq > this.seq + 1)) return false;
    const sizeBefore = this.records.size;
    for (const id of Array.isArray(message.remove) ? message.remove : []) this.records.delete(id);
    const changed = this.records.size !== sizeBefore || (Array.isArray(message.upsert) && message.upsert.length > 0);
    const latest = this.upsertAll(message.upsert, receivedAtMs);
    if (latest !== null) {
      const offset = latest * 1000 - receivedAtMs;
      const known = this.placementOffsetMs;
      if (known === null || offset > known || offset < known - clockJumpBackMs) this.placementOffsetMs = offset;
    }
    this.advance(message, receivedAtMs, changed);
    return true;
  }

  /** Server time in seconds now, from the offset between the last message's `ts` and its arrival. */
  serverNowSeconds(nowMs = Date.now()) {
    return (nowMs + this.clockOffsetMs) / 1000;
  }

  /**
   * Now on the feeds' clock (the offset of the last `feed_ts`, which a delta carries only when that clock did not
   * run with `ts`): today's for live and demo feeds, the recording's in a replay; null before the first message
   * that carries it.
   */
  feedNowSeconds(nowMs = Date.now()) {
    return this.feedOffsetMs === null ? null : (nowMs + this.feedOffsetMs) / 1000;
  }

  /**
   * Now on the clock motion segments are timed in. A segment starts where the vehicle was placed, so the latest
   * segment start seen is the placement clock's "now" when its message arrived; it only moves forward, except
   * for a large jump back (a replay starting over).
   */
  placementNowSeconds(nowMs = Date.now()) {
    return (nowMs + (this.placementOffsetMs ?? this.clockOffsetMs)) / 1000;
  }

  /** Seconds since the vehicle's own report: its `age` at placement plus the time since it arrived here. */
  ageSeconds(record, nowMs = Date.now()) {
    return (Number(record.state.age) || 0) + Math.max(0, (nowMs - record.receivedAtMs) / 1000);
  }

  /** Adds or replaces valid states (learning their routes' labels); returns the latest segment start among them (null if none has a segment). */
  upsertAll(states, receivedAtMs) {
    let latest = null;
    // Labels first: the icons and list rows drawn from these states read them.
    learnRouteLabels(states);
    for (const state of Array.isArray(states) ? states : []) {
      if (!state || typeof state.id !== "string" || !Number.isFinite(state.lon) || !Number.isFinite(state.lat)) continue;
      const segment = prepareSegment(state);
      this.records.set(state.id, { state, segment, receivedAtMs });
      if (segment !== null && (latest === null || segment.t0 > latest)) latest = segment.t0;
    }
    return latest;
  }

  /** Moves the stream position; `version` counts changes to the vehicles, so empty ticks cause no redraw. */
  advance(message, receivedAtMs, changed) {
    this.epoch = message.epoch ?? this.epoch;
    if (Number.isFinite(message.seq)) this.seq = Math.max(this.seq ?? message.seq, message.seq);
    if (Number.isFinite(message.ts)) this.clockOffsetMs = message.ts - receivedAtMs;
    if (Number.isFinite(message.feed_ts)) this.feedOffsetMs = message.feed_ts * 1000 - receivedAtMs;
    if (changed) this.version++;
  }
}
