// The reference peer of the WebSocket benchmarks: Node's `ws` library (Debian node-ws) doing what
// `trackside-bench serve-broadcast` does. It serves /ws, answers a client's first message with a
// 200-byte snapshot (compressed, so a deflating connection holds a compression context), echoes
// later ones, and broadcasts SIZE bytes of JSON HZ times a second, built with the same seeded
// records as Sources/trackside-bench/BroadcastPayload.swift. With --deflate it offers
// permessage-deflate with context takeover (the `ws` default: every connection compresses every
// message itself).
// Usage: node peer_server.js [--size BYTES] [--hz RATE] [--deflate]; prints "listening on PORT", and
// its connection figures and closes to stderr once a second when they changed.
'use strict';
const WebSocket = require('ws');

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const size = argument('size', 2048);
const hz = argument('hz', 10);
const deflate = process.argv.includes('--deflate');

function vehicles(size) {
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) & 0xffff;
  };
  let text = '';
  const room = Math.max(0, size - 64);
  while (Buffer.byteLength(text) < room) {
    text += `{"id":"v${next() % 5000}","route":"M${next() % 120}","lat":40.${600000 + next() % 300000},` +
      `"lon":-73.${700000 + next() % 299999},"bearing":${next() % 360}},`;
  }
  return text.slice(0, room - 1).replace(/"/g, "'");
}

const pad = vehicles(size);
const server = new WebSocket.Server({ host: '127.0.0.1', port: 0, path: '/ws', backlog: 4096, perMessageDeflate: deflate ? { threshold: 64 } : false });
// Closes by code and reason, written to stderr once a second when they changed, like ours.
const closes = new Map();
let accepted = 0;
let lastReport = '';
setInterval(() => {
  const summary = [...closes.entries()].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ×${count}`).join('; ');
  const line = `peer: websocket_opened=${accepted} websocket_open=${server.clients.size} closes: ${summary || 'none'}`;
  if (line !== lastReport) console.error(line);
  lastReport = line;
}, 1000).unref();

server.on('connection', (socket) => {
  accepted += 1;
  socket.on('close', (code, reason) => {
    const key = `${code}${reason.length ? ' ' + reason.toString().replace(/[0-9]+/g, '#') : ''}`;
    closes.set(key, (closes.get(key) || 0) + 1);
  });
  socket.on('error', (error) => {
    const key = `error ${error.code || error.message}`;
    closes.set(key, (closes.get(key) || 0) + 1);
  });
  let subscribed = false;
  socket.on('message', (data, isBinary) => {
    if (subscribed) {
      socket.send(data, { binary: isBinary });
    } else {
      subscribed = true;
      socket.send(`{"type":"snapshot","ts":${Date.now()},"pad":"${pad.slice(0, 200)}"}`);
    }
  });
});
server.on('listening', () => console.log(`peer: listening on ${server.address().port}`));

if (hz > 0) {
  let sequence = 0;
  let next = Date.now();
  const tick = () => {
    sequence += 1;
    const message = `{"type":"tick","ts":${Date.now()},"seq":${sequence},"pad":"${pad}"}`;
    for (const client of server.clients) {
      if (client.readyState === WebSocket.OPEN) client.send(message);
    }
    next += 1000 / hz;
    setTimeout(tick, Math.max(0, next - Date.now()));
  };
  setTimeout(tick, 1000 / hz);
}
