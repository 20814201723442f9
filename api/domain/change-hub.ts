import { type ChangeEvent, changeEventSchema } from "#api/contracts/events";
import type { Logger } from "#api/process/logger";
import type { Database } from "#db/client";

export const CHANGES_CHANNEL = "app_changes";

type Listener = (event: ChangeEvent) => void;

/**
 * One LISTEN per process on the triggers' channel, fanned out to in-process subscribers
 * (caches, Server-Sent Event streams). Several processes behind one Postgres each get every change.
 */
export class ChangeHub {
  private readonly listeners = new Set<Listener>();
  private readonly closers = new Set<() => void>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly log: Logger) {}

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(CHANGES_CHANNEL, (payload) => this.receive(payload));
  }

  /** Subscribes; `onClose` runs when the hub shuts down. Returns the unsubscribe function. */
  subscribe(listener: Listener, onClose?: () => void): () => void {
    this.listeners.add(listener);
    if (onClose) this.closers.add(onClose);
    return () => {
      this.listeners.delete(listener);
      if (onClose) this.closers.delete(onClose);
    };
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    for (const close of [...this.closers]) close();
    this.closers.clear();
    this.listeners.clear();
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  private receive(payload: string): void {
    let event: ChangeEvent;
    try {
      event = changeEventSchema.parse(JSON.parse(payload));
    } catch {
      this.log.warn("ignored malformed change notification");
      return;
    }
    for (const listener of [...this.listeners]) listener(event);
  }
}
