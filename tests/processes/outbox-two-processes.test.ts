import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { enqueue } from "#api/domain/messaging";
import { botMembers, outboxStates, sendingBroadcast, toMember } from "../helpers/outbox";
import { sendingServers } from "../helpers/sending-servers";
import { eventually } from "../helpers/test-app";

// Two OS processes sending one outbox on one Postgres database (decision 104): a 429 pauses both
// through the database, and claims made at the same instant never hand one row to two of them.
const servers = sendingServers("outbox-two", -1005550003);
const db = servers.db;
/** A sending server whose Bot API calls the fake records as `via`. */
const sender = (via: string) => servers.server(20, via);
const isSend = (method: string) => method.startsWith("send");
/** The sends of `via` the fake accepted, from its `from`th call on. */
const sentBy = (via: string, from: number) =>
  servers
    .fake()
    .calls.slice(from)
    .filter((c) => c.via === via && isSend(c.method) && c.result);

/** Servers A and B sending a broadcast to `count` new members, once each has sent `atLeast` of it. */
async function bothSending(count: number, atLeast: number) {
  const from = servers.fake().calls.length;
  const started = await Promise.all([sender("a"), sender("b")]);
  const members = await botMembers(db(), count);
  const broadcastId = await sendingBroadcast(db(), { total: members.length });
  await enqueue(
    db(),
    members.map((m) => toMember(m, "broadcast", { text: "Two senders" }, { broadcastId })),
  );
  await eventually(async () => {
    expect(sentBy("a", from).length).toBeGreaterThanOrEqual(atLeast);
    expect(sentBy("b", from).length).toBeGreaterThanOrEqual(atLeast);
  }, 30_000);
  return { started, members, broadcastId, from };
}

/** Waits until none of the broadcast's rows is queued or in flight, then stops the servers. */
async function finish(broadcastId: string, started: { proc: ChildProcess; exited: Promise<unknown> }[]) {
  await eventually(async () => {
    const states = await outboxStates(db(), broadcastId);
    expect((states.queued ?? 0) + (states.sending ?? 0)).toBe(0);
  }, 60_000);
  for (const server of started) {
    server.proc.kill("SIGTERM");
    await server.exited;
  }
}

/** Every process checks the shared pause at least every 250 ms (and before each wave of 50 ms). */
const SEES_THE_PAUSE_MS = 500;
const RETRY_AFTER_S = 3;

describe("two sending processes", () => {
  it("both pause for a 429's retry_after, then every member gets the broadcast once", async () => {
    const { started, members, broadcastId, from } = await bothSending(120, 3);
    // Both are sending; then Telegram refuses the next send, whichever process makes it.
    servers.fake().failNext("sendMessage", {
      error_code: 429,
      description: `Too Many Requests: retry after ${RETRY_AFTER_S}`,
      parameters: { retry_after: RETRY_AFTER_S },
    });
    await finish(broadcastId, started);
    const sends = servers
      .fake()
      .calls.slice(from)
      .filter((c) => isSend(c.method) && (c.via === "a" || c.via === "b"));
    const refused = sends.find((c) => c.result === undefined);
    expect(refused).toBeDefined();
    const at = refused?.at ?? 0;
    // Neither process calls again until retry_after has passed (once each has seen the pause).
    const inPause = sends.filter((c) => c.at > at + SEES_THE_PAUSE_MS && c.at < at + RETRY_AFTER_S * 1000);
    expect(inPause.map((c) => c.via)).toEqual([]);
    // Both went on after it, and every member got the broadcast once.
    for (const via of ["a", "b"])
      expect(sentBy(via, from).filter((c) => c.at >= at + RETRY_AFTER_S * 1000).length).toBeGreaterThan(0);
    const perChat = new Map<number, number>();
    for (const call of sends.filter((c) => c.result))
      perChat.set(Number(call.payload.chat_id), (perChat.get(Number(call.payload.chat_id)) ?? 0) + 1);
    for (const m of members) expect(perChat.get(m.telegramId), String(m.telegramId)).toBe(1);
    expect(await outboxStates(db(), broadcastId)).toEqual({ sent: members.length });
  }, 120_000);

  it("a process frozen mid-broadcast does not crowd the other's slots when it wakes", async () => {
    const { started, members, broadcastId, from } = await bothSending(200, 5);
    const [a] = started;
    // Starved of CPU: A stops for 1.5 s with slots reserved, then goes on; B never stopped.
    a?.proc.kill("SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    a?.proc.kill("SIGCONT");
    await finish(broadcastId, started);
    const times = servers
      .fake()
      .calls.slice(from)
      .filter((c) => isSend(c.method) && c.result && (c.via === "a" || c.via === "b"))
      .map((c) => c.at)
      .sort((x, y) => x - y);
    // No second holds more than the rate (20), the slots' 25 ms of lateness and one for the fake's own timing.
    let most = 0;
    for (const [i, start] of times.entries())
      most = Math.max(most, times.filter((at, j) => j >= i && at < start + 1000).length);
    expect(most).toBeLessThanOrEqual(22);
    expect(await outboxStates(db(), broadcastId)).toEqual({ sent: members.length });
  }, 120_000);

  it("four processes claiming the same rows at the same instant take each row once", async () => {
    const members = await botMembers(db(), 600);
    const broadcastId = await sendingBroadcast(db(), { total: members.length });
    await enqueue(
      db(),
      members.map((m) => toMember(m, "broadcast", { text: "Claimed once" }, { broadcastId })),
    );
    // They start together once all four have connected: time enough for four tsx start-ups on a busy
    // two-core machine (3 s was not, in CI: one started after the others had claimed every row).
    const claimAt = Date.now() + 15_000;
    const claimers = Array.from({ length: 4 }, () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", new URL("../helpers/outbox-claimer.ts", import.meta.url).pathname],
        {
          env: {
            ...process.env,
            DATABASE_URL: servers.databaseUrl(),
            CLAIM_AT: String(claimAt),
            CLAIM_BATCH: "5",
          },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      servers.owned(child);
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      return new Promise<string[]>((resolve, reject) =>
        child.on("exit", (code) =>
          code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`claimer exited ${code}`)),
        ),
      );
    });
    const claimed = await Promise.all(claimers);
    const all = claimed.flat();
    // Each took a share (they really claimed side by side), and no row went to two of them.
    for (const ids of claimed) expect(ids.length).toBeGreaterThan(0);
    expect(all).toHaveLength(new Set(all).size);
    expect(all).toHaveLength(members.length);
    expect(await outboxStates(db(), broadcastId)).toEqual({ sent: members.length });
  }, 120_000);
});
