import type { Logger } from "#api/process/logger";

/**
 * Work started after an answer was sent (notices to Telegram): run without being awaited, but
 * counted, so shutting down waits for it before the database closes (an embedded PGlite closed
 * under a running statement never settles).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(what: string, task: () => Promise<void>): void {
    const running = task()
      .catch((error: unknown) => this.log.warn(`${what} failed`, { error: String(error) }))
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Resolves once everything started so far has ended. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
