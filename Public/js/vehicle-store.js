// The client's copy of the server's vehicles for the subscribed region: snapshots replace it, deltas patch it.
import { prepareSegment } from "./motion.js";

/** Vehicles by id with the stream position (epoch, seq) they reflect and the server clock offset. */
export class VehicleStore {
  constructor() {
    this.records = new Map();
    this.epoch = null;
    this.seq = null;
    this.clockOffsetMs = 0;
    this.version = 0;
  }

  /** Replaces every vehicle (a `snapshot` message). */
  applySnapshot(message, receivedAtMs) {
    this.records.clear();
    for (const state of message.vehicles ?? []) this.upsert(state, receivedAtMs);
    this.seq = null;
    this.advance(message, receivedAtMs);
  }

  /**
   * Patches the vehicles (a `delta` message). Returns false, applying nothing, when the delta does not follow
   * the last one seen in this epoch: the caller then resumes from `seq` to fetch what was missed.
   */
  applyDelta(message, receivedAtMs) {
    if (message.epoch !== this.epoch || (this.seq !== null && message.seq > this.seq + 1)) return false;
    for (const id of message.remove ?? []) this.records.delete(id);
    for (const state of message.upsert ?? []) this.upsert(state, receivedAtMs);
    this.advance(message, receivedAtMs);
    return true;
  }

  /** Server time in seconds now, from the offset between the last message's `ts` and its arrival. */
  serverNowSeconds(nowMs = Date.now()) {
    return (nowMs + this.clockOffsetMs) / 1000;
  }

  /** Seconds since the vehicle's own report: its `age` at placement plus the time since it arrived here. */
  ageSeconds(record, nowMs = Date.now()) {
    return (Number(record.state.age) || 0) + Math.max(0, (nowMs - record.receivedAtMs) / 1000);
  }

  upsert(state, receivedAtMs) {
    if (!state || typeof state.id !== "string" || !Number.isFinite(state.lon) || !Number.isFinite(state.lat)) return;
    this.records.set(state.id, { state, segment: prepareSegment(state), receivedAtMs });
  }

  advance(message, receivedAtMs) {
    this.epoch = message.epoch ?? this.epoch;
    if (Number.isFinite(message.seq)) this.seq = Math.max(this.seq ?? message.seq, message.seq);
    if (Number.isFinite(message.ts)) this.clockOffsetMs = message.ts - receivedAtMs;
    this.version++;
  }
}
