import { describe, expect, it } from "vitest";
import { BoundedQueue, busyMessage } from "#api/domain/auth/passwords";
import { Refusal } from "#api/domain/refusal";
import { answerTo } from "#api/http/refusals";

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("BoundedQueue", () => {
  it("runs `concurrency` jobs, lines up `maxWaiting` more, and refuses the rest with 503 and Retry-After", async () => {
    const queue = new BoundedQueue(2, 1);
    const gates = [gate(), gate(), gate()];
    const running: number[] = [];
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        running.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(running).toEqual([0, 1]);
    const refused = await queue.run(async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect(answerTo(refused as Refusal)).toEqual({
      code: "unavailable",
      status: 503,
      message: busyMessage,
      headers: { "Retry-After": "1" },
    });

    gates[0]?.open();
    expect(await jobs[0]).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toEqual([0, 1, 2]);
    gates[1]?.open();
    gates[2]?.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(queue.started).toBe(3);
    // Free again: the next job runs at once.
    expect(await queue.run(async () => "now")).toBe("now");
  });

  it("a place taken before the job counts in the line until it runs the job or leaves", async () => {
    const queue = new BoundedQueue(1, 1);
    const first = queue.enter();
    const second = queue.enter();
    expect(() => queue.enter()).toThrow(expect.objectContaining({ reason: "server_busy" }));
    expect(answerTo(new Refusal("server_busy")).message).toBe(busyMessage);
    second.leave();
    second.leave();
    const third = queue.enter();
    expect(await first.run(async () => 1)).toBe(1);
    await expect(first.run(async () => 2)).rejects.toThrow("used already");
    expect(await third.run(async () => 3)).toBe(3);
    expect(queue.started).toBe(2);
  });

  it("frees the slot when a job fails", async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => "ok")).toBe("ok");
  });
});
