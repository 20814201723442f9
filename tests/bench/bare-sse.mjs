// The floor for event streams: a bare node:http server that holds `GET /api/events` open and, when
// the bench says {send: bytes}, writes one frame of that many bytes to every stream's socket, as
// the API's own writes do (api/http/routes/events.ts), with nothing else: no database, no NOTIFY, no
// tick. It answers {startedAt, wroteAt, cpu} (clock time on performance.timeOrigin, as the
// clients', and the CPU the writes took), so the bench can set the API's time beside this one.
import { createServer } from "node:http";

const sockets = [];
const now = () => performance.timeOrigin + performance.now();

const server = createServer((req, res) => {
  if (req.url !== "/api/events") {
    res.writeHead(404).end();
    return;
  }
  res.useChunkedEncodingByDefault = false;
  res.shouldKeepAlive = false;
  res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" });
  res.flushHeaders();
  sockets.push(res.socket);
});
server.maxConnections = 60_000;
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));

process.on("message", (message) => {
  if (!message.send) return;
  const frame = Buffer.from(`event: change\ndata: ${"x".repeat(Math.max(0, message.send - 22))}\n\n`);
  const cpu = process.cpuUsage();
  const startedAt = now();
  for (const socket of sockets) if (!socket.destroyed) socket.write(frame);
  process.send({ startedAt, wroteAt: now(), cpu: process.cpuUsage(cpu) });
});
