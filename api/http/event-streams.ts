import { randomBytes } from "node:crypto";
import {
  type ChangeEvent,
  type ChangeTable,
  MAX_CHANGED_IDS,
  type ProductChange,
  type StreamChange,
} from "#api/contracts/events";
import type { ChangeHub } from "#api/domain/change-hub";

/** Where one stream's bytes go: its socket, or a web ReadableStream. */
export interface StreamSink {
  write(bytes: Uint8Array): void;
  /** Ends the response; harmless when the client is already gone. */
  end(): void;
}

export interface StreamLimits {
  perAddress: number;
  total: number;
  lifetimeMs: number;
  heartbeatMs: number;
}

/**
 * Who listens: a signed-in person's session. A private change reaches it only while the session
 * lives: until it expires (known here) or ends early (announced by the database: `sessions`).
 */
export interface Listener {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  /** Signed in and past the age gate: hears of feed changes. */
  member: boolean;
  /** Holds a staff role: hears of every order's changes. */
  staff: boolean;
  /** Answers the support inbox (admin, moderator): hears of every conversation's changes. */
  inbox: boolean;
}

interface Stream {
  readonly address: string;
  /** Cleared once its session has ended: the stream carries on as a visitor's. */
  listener: Listener | undefined;
  readonly sink: StreamSink;
  readonly lifetime: ReturnType<typeof setTimeout>;
}

/**
 * Feed changes are for members; an order's changes for its owner and staff; everything else
 * (catalogue, channel header) is public.
 */
const MEMBERS_ONLY: ChangeTable = "channel_messages";
const ORDERS: ChangeTable = "orders";
const SUPPORT: ChangeTable = "support_conversations";
const PRODUCTS: ChangeTable = "products";
type ChangeOp = ProductChange["op"];
/** A product inserted then updated within a tick is still new; a delete is the last word. */
const mergedOp = (before: ChangeOp | undefined, op: ChangeOp): ChangeOp =>
  before === "insert" && op === "update" ? "insert" : op;
/** Changes arriving within this window after a send go out together at its end. */
export const TICK_MS = 50;
/**
 * Frames are Node Buffers: a socket takes a Buffer as it is, where a bare Uint8Array would get a
 * Buffer view made for it on every write (10,000 streams, 10,000 views a change).
 */
const frame = (text: string): Uint8Array => Buffer.from(text, "utf8");
const PING = frame(": ping\n\n");
/** The least a client waits before reconnecting after a shutdown; up to five times that, at random. */
export const SHUTDOWN_RETRY_MS = 250;

/**
 * The process's Server-Sent Event streams. A change goes out on the next turn of the event loop;
 * further changes within TICK_MS are gathered, so each stream gets at most one event per table per
 * tick, serialised once and written to every stream as the same bytes. Event ids are
 * `<process>-<tick>`: a client reconnecting with the current id has missed nothing; any other id
 * (older, or from another process or run) gets a `resync` event.
 */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  /** Tables changed this tick, with the feed messages that did (null: too many to name). */
  private readonly pending = new Map<ChangeTable, Set<string> | null>();
  /** Products changed this tick and how (null: too many to name). Product ids are public. */
  private productChanges: Map<string, ChangeOp> | null = new Map();
  /** Members whose orders changed this tick (staff hear of every order). */
  private readonly orderOwners = new Set<string>();
  /** Members whose support conversation changed this tick (the inbox's staff hear of every one). */
  private readonly supportOwners = new Set<string>();
  private readonly processId = randomBytes(4).toString("hex");
  private tick = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: {
      hub: ChangeHub;
      now: () => Date;
      limits: StreamLimits;
      /** How long each tick's writes to every stream took. */
      observeSend?: (seconds: number) => void;
    },
  ) {
    deps.hub.subscribe(
      (event) => this.changed(event),
      () => this.closeAll(),
    );
  }

  /** Streams open now. */
  get size(): number {
    return this.streams.size;
  }

  get lastEventId(): string {
    return `${this.processId}-${this.tick}`;
  }

  /** Why a new stream from `address` is refused, if it is. */
  refusal(address: string): "total" | "per_address" | undefined {
    if (this.streams.size >= this.deps.limits.total) return "total";
    if ((this.perAddress.get(address) ?? 0) >= this.deps.limits.perAddress) return "per_address";
    return undefined;
  }

  /** Starts a stream; returns its closer, for when the client goes away. */
  open(
    sink: StreamSink,
    options: { address: string; listener: Listener | undefined; lastEventId: string | undefined },
  ): () => void {
    const { limits } = this.deps;
    // The jitter spreads the reconnections of streams opened together (after a restart).
    const lifetimeMs = limits.lifetimeMs * (1 + Math.random() * 0.1);
    const stream: Stream = {
      address: options.address,
      listener: options.listener,
      sink,
      lifetime: setTimeout(() => this.close(stream), lifetimeMs),
    };
    this.streams.add(stream);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    this.heartbeat ??= setInterval(() => this.broadcast(PING), limits.heartbeatMs);
    const missed = options.lastEventId !== undefined && options.lastEventId !== this.lastEventId;
    sink.write(
      frame(
        `retry: 3000\nid: ${this.lastEventId}\n: connected\n\n${missed ? "event: resync\ndata: {}\n\n" : ""}`,
      ),
    );
    return () => this.close(stream);
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearTimeout(stream.lifetime);
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
    stream.sink.end();
  }

  /**
   * The process is stopping (the hub closes only then): every stream gets a short, jittered
   * `retry` and a `reconnect` event before it ends, so clients come back within a second or so,
   * spread out, and the load balancer sends them to a process that is not stopping.
   */
  private closeAll(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const stream of this.streams) {
      const retryMs = SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_MS * 4);
      stream.sink.write(frame(`retry: ${retryMs}\nevent: reconnect\ndata: {"reason":"shutdown"}\n\n`));
      this.close(stream);
    }
  }

  private broadcast(bytes: Uint8Array): void {
    for (const stream of this.streams) stream.sink.write(bytes);
  }

  private changed({ table, op, id, owner }: ChangeEvent): void {
    if (table === "sessions") {
      this.sessionEnded(id);
      return;
    }
    if (table === ORDERS) {
      this.pending.set(table, null);
      if (owner) this.orderOwners.add(owner);
    } else if (table === SUPPORT) {
      this.pending.set(table, null);
      if (owner) this.supportOwners.add(owner);
    } else if (table === PRODUCTS) {
      this.pending.set(table, null);
      const changes = this.productChanges;
      changes?.set(id, mergedOp(changes.get(id), op));
      if (changes && changes.size > MAX_CHANGED_IDS) this.productChanges = null;
    } else if (table !== MEMBERS_ONLY) this.pending.set(table, null);
    else {
      const ids = this.pending.has(table) ? this.pending.get(table) : new Set<string>();
      ids?.add(id);
      this.pending.set(table, ids && ids.size <= MAX_CHANGED_IDS ? ids : null);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlush + TICK_MS - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = undefined;
    this.lastFlush = performance.now();
    const tables = [...this.pending.keys()];
    const changedIds = this.pending.get(MEMBERS_ONLY);
    const owners = new Set(this.orderOwners);
    const supportOwners = new Set(this.supportOwners);
    const productChanges = this.productChanges;
    this.productChanges = new Map();
    this.pending.clear();
    this.orderOwners.clear();
    this.supportOwners.clear();
    // The id moves even with nobody listening: a client that reconnects later has missed this.
    this.tick += 1;
    const id = this.lastEventId;
    const dataOf = (table: ChangeTable): StreamChange => {
      if (table === MEMBERS_ONLY && changedIds) return { table, ids: [...changedIds] };
      if (table === PRODUCTS && productChanges) {
        return { table, changes: [...productChanges].map(([changed, op]) => ({ id: changed, op })) };
      }
      return { table };
    };
    const frames = (list: ChangeTable[]) =>
      list.length === 0
        ? undefined
        : frame(
            list
              .map((table) => `id: ${id}\nevent: change\ndata: ${JSON.stringify(dataOf(table))}\n\n`)
              .join(""),
          );
    const publicTables = tables.filter(
      (table) => table !== MEMBERS_ONLY && table !== ORDERS && table !== SUPPORT,
    );
    const forEveryone = frames(publicTables);
    const forMembers = tables.includes(MEMBERS_ONLY) ? frames([...publicTables, MEMBERS_ONLY]) : forEveryone;
    const forOrders = tables.includes(ORDERS) ? frames([ORDERS]) : undefined;
    const forSupport = tables.includes(SUPPORT) ? frames([SUPPORT]) : undefined;
    const now = this.deps.now().getTime();
    const started = performance.now();
    for (const stream of this.streams) {
      let { listener } = stream;
      if (listener && listener.expiresAt.getTime() <= now) {
        // Expired: the stream carries on as a visitor's.
        listener = undefined;
        stream.listener = undefined;
      }
      const bytes = listener?.member ? forMembers : forEveryone;
      if (bytes) stream.sink.write(bytes);
      if (forOrders && listener && (listener.staff || owners.has(listener.userId))) {
        stream.sink.write(forOrders);
      }
      if (forSupport && listener && (listener.inbox || supportOwners.has(listener.userId))) {
        stream.sink.write(forSupport);
      }
    }
    this.deps.observeSend?.((performance.now() - started) / 1000);
  }

  /**
   * A session ended before its time (signed out, pushed out, password changed, user deleted): its
   * streams carry on as a visitor's from now, before any change committed after the end is sent
   * (the database announces changes in commit order).
   */
  private sessionEnded(sessionId: string): void {
    for (const stream of this.streams) {
      if (stream.listener?.sessionId === sessionId) stream.listener = undefined;
    }
  }
}
