// Client processes for the mixed soak (tests/bench/soak.ts), apart from the server's. Messages:
// - {open: {ports, tokens}}: one member event stream per token, round-robin over the ports, on plain
//   sockets. Each stream notes when it first heard of each feed message and any event it heard twice
//   (an event id of a table not newer than the last one it had); {report: true} answers with that.
// - {run: {ports, shop, seconds}}: members browsing (catalogue, product pages, feed pages,
//   reactions), credit checkouts (some over budget, some on a product that runs out, some replays
//   of an Idempotency-Key) and an admin editing products, at steady rates for `seconds`; answers
//   with each kind's latencies and statuses, every answer that was not one expected, and the orders
//   acknowledged.
// Times are clock times on performance.timeOrigin, as the server's, so the processes compare.
import net from "node:net";

const now = () => performance.timeOrigin + performance.now();
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---- Member streams -------------------------------------------------------------------------

const streams = [];
/** Feed message id -> when each stream of this process first heard of it (0: not yet). */
const firstHeard = new Map();
let doubleDelivered = 0;
let events = 0;
let unnamedFeedChanges = 0;
let dropped = 0;

function heard(stream, frame) {
  let id;
  let event;
  let data;
  for (const line of frame.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data = line.slice(6);
  }
  if (event !== "change" || !id || !data) return;
  events++;
  const change = JSON.parse(data);
  const tick = Number(id.split("-")[1]);
  const last = stream.ticks.get(change.table);
  if (last !== undefined && tick <= last) doubleDelivered++;
  stream.ticks.set(change.table, tick);
  if (change.table !== "channel_messages") return;
  if (!change.ids) {
    unnamedFeedChanges++;
    return;
  }
  const at = now();
  for (const messageId of change.ids) {
    let times = firstHeard.get(messageId);
    if (!times) {
      times = new Float64Array(streams.length);
      firstHeard.set(messageId, times);
    }
    if (times[stream.index] === 0) times[stream.index] = at;
  }
}

function openStream(port, token, index) {
  return new Promise((resolve, reject) => {
    const stream = { index, ticks: new Map(), open: false, rest: "" };
    streams[index] = stream;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
    });
    socket.setEncoding("utf8");
    socket.on("error", (error) => (stream.open ? undefined : reject(error)));
    socket.on("close", () => {
      if (stream.open) dropped++;
    });
    socket.on("data", (text) => {
      stream.rest += text;
      if (!stream.open) {
        const end = stream.rest.indexOf("\r\n\r\n");
        if (end < 0) return;
        const status = stream.rest.slice(0, stream.rest.indexOf("\r\n"));
        if (!status.includes(" 200 ")) return reject(new Error(status));
        stream.open = true;
        stream.rest = stream.rest.slice(end + 4);
        resolve();
      }
      for (let end = stream.rest.indexOf("\n\n"); end >= 0; end = stream.rest.indexOf("\n\n")) {
        heard(stream, stream.rest.slice(0, end));
        stream.rest = stream.rest.slice(end + 2);
      }
    });
  });
}

async function openStreams({ ports, tokens }) {
  streams.length = tokens.length;
  for (let from = 0; from < tokens.length; from += 250) {
    await Promise.all(
      tokens
        .slice(from, from + 250)
        .map((token, i) => openStream(ports[(from + i) % ports.length], token, from + i)),
    );
  }
  return { opened: tokens.length };
}

function streamReport() {
  const ids = [];
  for (const [id, times] of firstHeard) {
    let seen = 0;
    let last = 0;
    for (const at of times) {
      if (at > 0) seen++;
      if (at > last) last = at;
    }
    ids.push([id, seen, last]);
  }
  return { streams: streams.length, events, doubleDelivered, unnamedFeedChanges, dropped, ids };
}

// ---- Traffic --------------------------------------------------------------------------------

/** Requests a second by kind: 200 members browsing about one request each two seconds; 20 checkouts. */
const BROWSING_MEMBERS = 200;
const BROWSE_PER_SECOND = 100;
const CHECKOUTS_PER_SECOND = 20;
const ADMIN_EDIT_EVERY_MS = 2000;
const MAX_IN_FLIGHT = 2000;

const kinds = new Map();
const unexpected = [];
let unexpectedCount = 0;
let overloaded = 0;
let inFlight = 0;
let nextPort = 0;

function note(kind, ms, status, expected, body) {
  let figures = kinds.get(kind);
  if (!figures) {
    figures = { times: [], statuses: {} };
    kinds.set(kind, figures);
  }
  figures.times.push(ms);
  figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
  if (!expected) {
    unexpectedCount++;
    if (unexpected.length < 10) unexpected.push({ kind, status, body: JSON.stringify(body).slice(0, 300) });
  }
}

async function call(ports, method, path, token, body, headers = {}) {
  const port = ports[nextPort++ % ports.length];
  const started = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text.slice(0, 200);
    }
    return { status: res.status, json, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, json: String(error), ms: performance.now() - started };
  }
}

function trafficOf({ ports, shop }) {
  const regular = shop.products.filter((p) => p.kind === "regular");
  const scarce = shop.products.find((p) => p.kind === "scarce");
  const pricey = shop.products.find((p) => p.kind === "pricey");
  const priceyBuyers = shop.members.slice(0, shop.priceyBuyers);
  const buyers = shop.members.slice(shop.priceyBuyers);
  const browsers = shop.members.slice(-BROWSING_MEMBERS);
  const feedIds = [];
  const cursors = [];
  const reacted = new Set();
  const checkouts = [];
  const told = [];
  let edits = 0;
  const delivery = { name: "Soak Buyer", address: "1 Main St", state: "TX" };

  async function browse() {
    const member = pick(browsers);
    const r = Math.random();
    if (r < 0.35) {
      const res = await call(ports, "GET", "/api/products", member.token);
      note("catalogue", res.ms, res.status, res.status === 200, res.json);
    } else if (r < 0.65) {
      const res = await call(ports, "GET", `/api/products/${pick(shop.products).id}`, member.token);
      note("product", res.ms, res.status, res.status === 200, res.json);
    } else if (r < 0.9 || feedIds.length === 0) {
      const cursor = Math.random() < 0.3 && cursors.length ? pick(cursors) : undefined;
      const path = `/api/messages?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await call(ports, "GET", path, member.token);
      note("feedPage", res.ms, res.status, res.status === 200, res.json);
      if (res.status === 200) {
        for (const message of res.json.messages) if (feedIds.length < 500) feedIds.push(message.id);
        if (res.json.nextCursor && cursors.length < 50) cursors.push(res.json.nextCursor);
      }
    } else {
      const messageId = pick(feedIds);
      const key = `${member.id}:${messageId}`;
      const on = !reacted.has(key);
      if (on) reacted.add(key);
      else reacted.delete(key);
      const res = await call(
        ports,
        on ? "PUT" : "DELETE",
        `/api/messages/${messageId}/reactions/heart`,
        member.token,
      );
      note("reaction", res.ms, res.status, res.status === 200, res.json);
    }
  }

  async function checkout() {
    const r = Math.random();
    if (r < 0.05 && checkouts.length) {
      const first = pick(checkouts);
      const res = await call(ports, "POST", "/api/checkout/credits", first.member.token, first.body, {
        "idempotency-key": first.key,
      });
      const same =
        res.status === first.status && (res.status !== 201 || res.json?.order?.id === first.orderId);
      note("checkoutReplay", res.ms, res.status, same, res.json);
      return;
    }
    const [kind, member, product] =
      r < 0.15
        ? ["scarce", pick(buyers), scarce]
        : r < 0.25
          ? ["pricey", pick(priceyBuyers), pricey]
          : ["regular", pick(buyers), pick(regular)];
    const body = { lines: [{ productId: product.id, quantity: 1 }], delivery };
    const key = `soak-${crypto.randomUUID()}`;
    const res = await call(ports, "POST", "/api/checkout/credits", member.token, body, {
      "idempotency-key": key,
    });
    const refusal = kind === "scarce" ? 409 : kind === "pricey" ? 422 : undefined;
    const expected = res.status === 201 || res.status === refusal;
    note(`checkout ${kind}`, res.ms, res.status, expected, res.json);
    if (res.status === 201) {
      told.push({ orderId: res.json.order.id, userId: member.id, total: res.json.order.total });
    }
    if (expected && checkouts.length < 5000) {
      checkouts.push({ member, body, key, status: res.status, orderId: res.json?.order?.id });
    }
  }

  async function adminEdit() {
    edits++;
    const res = await call(ports, "PATCH", `/api/admin/products/${pick(regular).id}`, shop.adminToken, {
      description: `Soak edit ${edits}`,
    });
    note("adminEdit", res.ms, res.status, res.status === 200, res.json);
  }

  return { browse, checkout, adminEdit, told };
}

async function runTraffic(options) {
  const traffic = trafficOf(options);
  const pending = new Set();
  const launch = (work) => {
    if (inFlight >= MAX_IN_FLIGHT) {
      overloaded++;
      return;
    }
    inFlight++;
    const done = work().finally(() => {
      inFlight--;
      pending.delete(done);
    });
    pending.add(done);
  };
  // Open-loop arrivals: each tick starts the requests that fall due, whether or not earlier ones
  // have come back, so a slow server shows in latencies rather than in a lower rate.
  const TICK_MS = 50;
  const due = { browse: 0, checkout: 0 };
  const ends = performance.now() + options.seconds * 1000;
  let nextEdit = performance.now() + ADMIN_EDIT_EVERY_MS;
  while (performance.now() < ends) {
    due.browse += (BROWSE_PER_SECOND * TICK_MS) / 1000;
    due.checkout += (CHECKOUTS_PER_SECOND * TICK_MS) / 1000;
    for (; due.browse >= 1; due.browse--) launch(traffic.browse);
    for (; due.checkout >= 1; due.checkout--) launch(traffic.checkout);
    if (performance.now() >= nextEdit) {
      nextEdit += ADMIN_EDIT_EVERY_MS;
      launch(traffic.adminEdit);
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(pending);
  const round = (value) => Math.round(value * 10) / 10;
  const requests = {};
  for (const [kind, { times, statuses }] of kinds) {
    times.sort((a, b) => a - b);
    const at = (q) => round(times[Math.floor(q * (times.length - 1))] ?? 0);
    requests[kind] = { count: times.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), statuses };
  }
  return {
    requests,
    unexpectedErrors: unexpectedCount,
    unexpectedSamples: unexpected,
    overloaded,
    told: traffic.told,
  };
}

process.on("message", async (message) => {
  if (message.open) process.send(await openStreams(message.open));
  if (message.report) process.send({ report: streamReport() });
  if (message.run) process.send({ traffic: await runTraffic(message.run) });
});
