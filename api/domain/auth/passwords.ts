import argon2 from "argon2";
import { Refusal } from "../refusal";

// OWASP's argon2id baseline (19 MiB, t=2, p=1) keeps a login around 20-40 ms on a small server.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const busyMessage = "The server is busy. Please try again in a moment.";

/** A place in a BoundedQueue's line: run the job with it, or leave. */
export interface Place {
  run<T>(job: () => Promise<T>): Promise<T>;
  leave(): void;
}

/**
 * Runs at most `concurrency` jobs at once with at most `maxWaiting` more in line (places taken but
 * not yet running count as in line); beyond that a newcomer is refused at once (server_busy: HTTP
 * answers 503 with Retry-After) instead of piling up memory and latency.
 */
export class BoundedQueue {
  private running = 0;
  private held = 0;
  private readonly waiting: (() => void)[] = [];
  /** Jobs started since creation: tests and the bench read how much hashing really ran. */
  started = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /**
   * Takes a place in line before the work that leads up to a job (a rate-limit count, a lookup),
   * so a flood is turned away before it costs any of that work.
   */
  enter(): Place {
    if (this.running + this.waiting.length + this.held >= this.concurrency + this.maxWaiting) {
      throw new Refusal("server_busy");
    }
    this.held++;
    let holding = true;
    const leave = () => {
      if (!holding) return;
      holding = false;
      this.held--;
    };
    return {
      leave,
      run: (job) => {
        if (!holding) return Promise.reject(new Error("this place in the queue was used already"));
        leave();
        return this.start(job);
      },
    };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    return this.enter().run(job);
  }

  private async start<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    // The finishing job hands its slot over, so `running` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
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

// A hash of a random password nobody knows, made once with OPTIONS, so the check costs the same.
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,p=1,t=2$UlA3kfHKfMoXcBpL71dHAQ$M2KYupaRq9F9wEe18BRZSUFhJD7czdN6+50aRMVNt60";

/**
 * argon2 behind one bounded queue per process (PASSWORD_WORKERS, PASSWORD_QUEUE). Each call takes
 * a place in line, or uses one the caller took before its preparation.
 */
export function createPasswords(workers: number, line: number) {
  const queue = new BoundedQueue(workers, line);
  // async: a full queue (enter() throwing) becomes a rejected promise like any other failure.
  const verify = async (hash: string, password: string, place = queue.enter()) =>
    place.run(() => argon2.verify(hash, password).catch(() => false));
  return {
    queue,
    hash: async (password: string, place = queue.enter()) => place.run(() => argon2.hash(password, OPTIONS)),
    verify,
    /** Spends the time a real check would, so a login for an unknown email is not faster than a wrong password. */
    burn: async (password: string, place = queue.enter()) => {
      await verify(DUMMY_HASH, password, place);
    },
  };
}
export type Passwords = ReturnType<typeof createPasswords>;
