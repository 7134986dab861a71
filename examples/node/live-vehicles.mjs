// Prints the live vehicles of a Trackside server's push stream, as they change. Node's built-ins only:
// the global WebSocket (Node 22+; Node 20 and 21 need `node --experimental-websocket`) and fetch.
//
//   node live-vehicles.mjs --server http://127.0.0.1:8080 --bbox=-74.02,40.70,-73.96,40.77 [--updates 10]
//   node live-vehicles.mjs --server http://127.0.0.1:8080 --all      (the whole network: "region":"all")
//
// Reads /api/config once (what the data is), subscribes to the box (or the whole network), applies the snapshot and each delta
// (docs/PROTOCOL.md: removes, then upserts) and prints every vehicle that appeared or changed.
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: {
  server: { type: "string", default: "http://127.0.0.1:8080" },
  bbox: { type: "string", default: "-74.02,40.70,-73.96,40.77" },
  all: { type: "boolean", default: false },
  updates: { type: "string", default: "0" },
} });
if (typeof WebSocket === "undefined") {
  console.error("this Node has no global WebSocket: use Node 22+, or run node --experimental-websocket");
  process.exit(2);
}
const server = new URL(values.server);
const view = values.all ? { region: "all" } : { bbox: values.bbox.split(",").map(Number) };
const limit = Number(values.updates);
const config = await (await fetch(new URL("/api/config", server))).json();
console.log(`${config.source} data from trackside ${config.version}`);

const vehicles = new Map();
let updates = 0;
const socket = new WebSocket(new URL("/ws", server.href.replace(/^http/, "ws")), "trackside.v1");
socket.onopen = () => socket.send(JSON.stringify({ op: "subscribe", ...view }));
socket.onmessage = ({ data }) => {
  const message = JSON.parse(data);
  if (message.type === "hello") console.log(`connected: ${message.server}, protocol ${message.protocol}`);
  if (message.type === "error") { console.error(`refused: ${message.code}: ${message.message}`); process.exit(1); }
  if (message.type !== "snapshot" && message.type !== "delta") return;
  if (message.type === "snapshot") vehicles.clear();
  for (const id of message.remove ?? []) vehicles.delete(id);
  const changed = message.vehicles ?? message.upsert;
  for (const v of changed) {
    vehicles.set(v.id, v);
    const where = v.status === "stopped" ? `at ${v.stop ?? "?"}` : `to ${v.next ?? "?"}`;
    console.log(`${v.kind} ${v.route} ${v.headsign ?? ""} ${v.status} ${where} ${v.lat.toFixed(5)},${v.lon.toFixed(5)} [${v.id}]`);
  }
  updates += 1;
  console.log(`-- seq ${message.seq}: ${vehicles.size} vehicles (${message.type}, ${changed.length} changed)`);
  if (limit && updates >= limit) socket.close();
};
socket.onclose = () => process.exit(0);
socket.onerror = (event) => { console.error(`connection failed: ${event.message ?? "error"}`); process.exit(1); };
