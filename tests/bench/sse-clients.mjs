// Idle event-stream clients for tests/bench/sse.ts, in a process of their own, on plain sockets
// (an HTTP parser per stream would make this process, not the server, the slow side). Messages
// from the bench: {open: {port, count, token?}} opens the streams (a member's with a token);
// {watch: true} then reports, once every stream has seen its next `change` event, when the first
// and the last one did, when each did and the last frame's size (clock time on performance.timeOrigin, as the server's,
// so the two processes compare).
import net from "node:net";

const streams = [];
const now = () => performance.timeOrigin + performance.now();
let watching;

function openOne(port, token) {
  return new Promise((resolve, reject) => {
    const stream = { seen: false };
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n${
          token ? `Authorization: Bearer ${token}\r\n` : ""
        }\r\n`,
      );
    });
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      if (!stream.open) {
        if (!chunk.includes("HTTP/1.1 200")) return reject(new Error(chunk.toString().split("\r\n")[0]));
        stream.open = true;
        streams.push(stream);
        return resolve();
      }
      if (watching && !stream.seen && chunk.includes("event: change")) {
        stream.seen = true;
        const at = now();
        watching.firstEventAt ??= at;
        watching.arrivals.push(at);
        if (--watching.left === 0) {
          process.send({
            firstEventAt: watching.firstEventAt,
            lastEventAt: at,
            arrivals: watching.arrivals,
            frameBytes: chunk.length,
          });
          watching = undefined;
        }
      }
    });
  });
}

process.on("message", async (message) => {
  if (message.open) {
    const { port, count, token } = message.open;
    // In waves, so the server's accept backlog never overflows.
    for (let opened = 0; opened < count; opened += 500) {
      await Promise.all(Array.from({ length: Math.min(500, count - opened) }, () => openOne(port, token)));
    }
    process.send({ opened: streams.length });
  }
  if (message.watch) {
    for (const stream of streams) stream.seen = false;
    watching = { left: streams.length, firstEventAt: undefined, arrivals: [] };
  }
});
