import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "#api/domain/outbox/enqueue";
import { createDb, type Database } from "#db/client";
import { outbox } from "#db/schema/index";
import { TEST_BOT_TOKEN } from "../helpers/accounts";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { botMembers, outboxStates, sendingBroadcast, toMember } from "../helpers/outbox";
import { emptyServerDatabase } from "../helpers/server-database";
import { startServerProcess } from "../helpers/server-process";
import { eventually } from "../helpers/test-app";

// A sending server killed with SIGKILL mid-broadcast and started again (decision 104): every row
// is sent once, but those in flight at the kill, which are counted uncertain and never sent twice.
const MEMBERS = 400;
let fake: FakeBotApi;
let dataDir: string;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => {};
let database: Database | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeBotApi({ id: -1005550002, title: "Crash" });
  dataDir = await mkdtemp(join(tmpdir(), "outbox-crash-"));
  ({ url: databaseUrl, drop: dropDatabase } = await emptyServerDatabase("outbox_crash"));
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await database?.close();
  await fake.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

const server = async () => {
  const started = await startServerProcess(dataDir, {
    DATABASE_URL: databaseUrl,
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_MODE: "webhook",
    BOT_API_ROOT: fake.apiRoot,
    PUBLIC_URL: "https://shop.example.com",
    BROADCAST_RATE: "50",
  });
  children.push(started.proc);
  return started;
};
const sendsByChat = () => {
  const counts = new Map<number, number>();
  for (const call of fake.callsTo("sendMessage"))
    if (call.result)
      counts.set(Number(call.payload.chat_id), (counts.get(Number(call.payload.chat_id)) ?? 0) + 1);
  return counts;
};

describe("a sending process killed mid-broadcast", () => {
  it("loses and doubles nothing beyond the rows in flight at the kill", async () => {
    const first = await server();
    database = await createDb({ databaseUrl, poolSize: 2 });
    const db = database.db;
    const members = await botMembers(db, MEMBERS);
    const broadcastId = await sendingBroadcast(db, { total: MEMBERS });
    await enqueue(
      db,
      members.map((m) => toMember(m, "broadcast", { text: "Crash news" }, { broadcastId })),
    );
    await eventually(async () => expect(fake.callsTo("sendMessage").length).toBeGreaterThan(100), 30_000);
    first.proc.kill("SIGKILL");
    await first.exited;
    const atKill = await outboxStates(db, broadcastId);
    // In flight at the kill: claimed and marked for their call (call_started_at), not recorded.
    const inFlight = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.broadcastId, broadcastId),
          eq(outbox.state, "sending"),
          isNotNull(outbox.callStartedAt),
        ),
      );
    expect(inFlight.length).toBeGreaterThan(0);
    await server();
    // The killed claims come back when their lease (30 s) ends.
    await eventually(async () => {
      const states = await outboxStates(db, broadcastId);
      expect((states.queued ?? 0) + (states.sending ?? 0)).toBe(0);
    }, 90_000);
    const rows = await db.select().from(outbox).where(eq(outbox.broadcastId, broadcastId));
    const sends = sendsByChat();
    const chatOf = new Map(members.map((m) => [m.userId, m.telegramId]));
    const uncertain = rows.filter((r) => r.state === "uncertain");
    expect(rows.filter((r) => r.state !== "sent" && r.state !== "uncertain")).toEqual([]);
    // Sent rows reached their member exactly once; an uncertain one at most once; nobody twice.
    for (const row of rows) {
      const count = sends.get(chatOf.get(row.userId) ?? 0) ?? 0;
      if (row.state === "sent") expect(count).toBe(1);
      else expect(count).toBeLessThanOrEqual(1);
    }
    // Exactly the rows in flight at the kill are uncertain: about 0.15 s of sending at most.
    expect(uncertain.map((r) => r.id).sort()).toEqual(inFlight.map((r) => r.id).sort());
    expect(uncertain.length).toBeLessThanOrEqual(25);
    console.info("outbox crash", {
      atKill,
      inFlight: inFlight.length,
      uncertain: uncertain.length,
      sent: rows.length - uncertain.length,
    });
  }, 180_000);
});
