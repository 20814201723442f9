import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enqueue } from "#api/domain/messaging";
import { outbox } from "#db/schema/index";
import { botMembers, outboxStates, sendingBroadcast, toMember } from "../helpers/outbox";
import { sendingServers } from "../helpers/sending-servers";
import { eventually } from "../helpers/test-app";

// A sending server killed with SIGKILL mid-broadcast and started again (decision 104): every row
// is sent once, but those in flight at the kill, which are counted uncertain and never sent twice.
const MEMBERS = 400;
const servers = sendingServers("outbox-crash", -1005550002);
const server = () => servers.server(50);
const sendsByChat = () => {
  const counts = new Map<number, number>();
  for (const call of servers.fake().callsTo("sendMessage"))
    if (call.result)
      counts.set(Number(call.payload.chat_id), (counts.get(Number(call.payload.chat_id)) ?? 0) + 1);
  return counts;
};

describe("a sending process killed mid-broadcast", () => {
  it("loses and doubles nothing beyond the rows in flight at the kill", async () => {
    const first = await server();
    const db = servers.db();
    const members = await botMembers(db, MEMBERS);
    const broadcastId = await sendingBroadcast(db, { total: MEMBERS });
    await enqueue(
      db,
      members.map((m) => toMember(m, "broadcast", { text: "Crash news" }, { broadcastId })),
    );
    await eventually(
      async () => expect(servers.fake().callsTo("sendMessage").length).toBeGreaterThan(100),
      30_000,
    );
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
      const count = sends.get(chatOf.get(row.userId ?? "") ?? 0) ?? 0;
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
