import { randomBytes } from "node:crypto";
import type { Db } from "#db/client";
import { liveSessionIds } from "#db/queries/sessions";
import { type ChangeEvent, type ChangeTable, MAX_CHANGED_IDS } from "../contracts/events";
import type { Logger } from "../logger";
import type { ChangeHub } from "./change-hub";

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

interface Stream {
  readonly address: string;
  /** A member's session, re-checked before each members-only delivery; cleared once it has ended. */
  sessionId: string | undefined;
  readonly sink: StreamSink;
  readonly lifetime: ReturnType<typeof setTimeout>;
}

/** Feed changes are for members; everything else (catalogue, channel header) is public. */
const MEMBERS_ONLY: ChangeTable = "channel_messages";
/** Changes arriving within this window after a send go out together at its end. */
export const TICK_MS = 50;
const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n\n");

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
  private readonly processId = randomBytes(4).toString("hex");
  private tick = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing = false;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: { hub: ChangeHub; db: Db; now: () => Date; log: Logger; limits: StreamLimits },
  ) {
    deps.hub.subscribe(
      (event) => this.changed(event),
      () => this.closeAll(),
    );
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
    options: { address: string; sessionId: string | undefined; lastEventId: string | undefined },
  ): () => void {
    const { limits } = this.deps;
    // The jitter spreads the reconnections of streams opened together (after a restart).
    const lifetimeMs = limits.lifetimeMs * (1 + Math.random() * 0.1);
    const stream: Stream = {
      address: options.address,
      sessionId: options.sessionId,
      sink,
      lifetime: setTimeout(() => this.close(stream), lifetimeMs),
    };
    this.streams.add(stream);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    this.heartbeat ??= setInterval(() => this.broadcast(PING), limits.heartbeatMs);
    const missed = options.lastEventId !== undefined && options.lastEventId !== this.lastEventId;
    sink.write(
      encoder.encode(
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

  private closeAll(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const stream of this.streams) this.close(stream);
  }

  private broadcast(bytes: Uint8Array): void {
    for (const stream of this.streams) stream.sink.write(bytes);
  }

  private changed({ table, id }: ChangeEvent): void {
    if (table !== MEMBERS_ONLY) this.pending.set(table, null);
    else {
      const ids = this.pending.has(table) ? this.pending.get(table) : new Set<string>();
      ids?.add(id);
      this.pending.set(table, ids && ids.size <= MAX_CHANGED_IDS ? ids : null);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const wait = Math.max(0, this.lastFlush + TICK_MS - performance.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.flushing = true;
    this.lastFlush = performance.now();
    const tables = [...this.pending.keys()];
    const changedIds = this.pending.get(MEMBERS_ONLY);
    this.pending.clear();
    // The id moves even with nobody listening: a client that reconnects later has missed this.
    this.tick += 1;
    const id = this.lastEventId;
    const frames = (list: ChangeTable[]) =>
      list.length === 0
        ? undefined
        : encoder.encode(
            list
              .map((table) => {
                const data =
                  table === MEMBERS_ONLY && changedIds ? { table, ids: [...changedIds] } : { table };
                return `id: ${id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
              })
              .join(""),
          );
    const forEveryone = frames(tables.filter((table) => table !== MEMBERS_ONLY));
    const forMembers = tables.includes(MEMBERS_ONLY) ? frames(tables) : forEveryone;
    try {
      if (forMembers !== forEveryone) await this.dropEndedSessions();
      for (const stream of this.streams) {
        const bytes = stream.sessionId ? forMembers : forEveryone;
        if (bytes) stream.sink.write(bytes);
      }
    } finally {
      this.flushing = false;
      if (this.pending.size > 0) this.schedule();
    }
  }

  /**
   * A members-only change reaches only sessions still live now (not logged out, expired or
   * deleted): one query for all member streams. A stream whose session ended carries on as a
   * visitor's. If the check fails, member streams end; their clients reconnect and sign in anew.
   */
  private async dropEndedSessions(): Promise<void> {
    const members = [...this.streams].filter((stream) => stream.sessionId !== undefined);
    if (members.length === 0) return;
    const ids = [...new Set(members.map((stream) => stream.sessionId as string))];
    const live = await liveSessionIds(this.deps.db, ids, this.deps.now()).catch((error: unknown) => {
      this.deps.log.warn("event streams: session check failed", { error: String(error) });
      return undefined;
    });
    for (const stream of members) {
      if (!live) this.close(stream);
      else if (!live.has(stream.sessionId as string)) stream.sessionId = undefined;
    }
  }
}
