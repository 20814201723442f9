import { availableParallelism } from "node:os";
import argon2 from "argon2";
import { AppError } from "../errors";

// OWASP's argon2id baseline (19 MiB, t=2, p=1) keeps a login around 20-40 ms on a small server.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const busyMessage = "The server is busy. Please try again in a moment.";

/**
 * Runs at most `concurrency` jobs at once with a short waiting line behind them; when the line is
 * full the job is refused at once (503 with Retry-After) instead of piling up memory and latency.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Jobs started since creation: the bench and tests read how much hashing really ran. */
  started = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.maxWaiting) {
      // The finishing job hands its slot over, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new AppError("unavailable", busyMessage, { "Retry-After": "1" });
    }
    this.started++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const cores = availableParallelism();
/** Every argon2 call in the process goes through this one queue: one job per core, a line of 2 per core. */
export const passwordQueue = new BoundedQueue(cores, 2 * cores);

export const hashPassword = (password: string) => passwordQueue.run(() => argon2.hash(password, OPTIONS));

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordQueue.run(() => argon2.verify(hash, password).catch(() => false));
}

// A hash of a random password nobody knows, made once with OPTIONS, so the check costs the same.
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,p=1,t=2$UlA3kfHKfMoXcBpL71dHAQ$M2KYupaRq9F9wEe18BRZSUFhJD7czdN6+50aRMVNt60";

/** Spends the time a real check would, so a login for an unknown email is not faster than a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}
