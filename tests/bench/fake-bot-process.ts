// The fake Bot API in a process of its own for the broadcast bench, so its clock and event loop are
// not the load generator's: FAKE_RATE sends a second (429 with retry_after 1 beyond), answering the bench
// over IPC with what it saw: sends accepted, chats reached once and more than once, refusals, and
// the accepted sends' times. For the gate bench: FAKE_CHATS, more channels the bot administers;
// FAKE_METHODS, the methods the limit counts (the sends unless given); and, asked `limited`, the
// accepted calls of those methods ([method, user_id, time]).
import { startFakeBotApi } from "../helpers/fake-bot-api";

const fake = await startFakeBotApi({ id: -1001000000002, title: "Bench" });
for (const id of process.env.FAKE_CHATS?.split(",") ?? [])
  fake.addChat({ id: Number(id), title: `Bench ${id}` });
const methods = process.env.FAKE_METHODS?.split(",");
fake.limitRate(Number(process.env.FAKE_RATE ?? 300), 1, { methods });
process.send?.({ apiRoot: fake.apiRoot });

process.on("message", (message: { stats?: true; close?: true; limited?: true }) => {
  if (message.close) {
    void fake.close().then(() => process.exit(0));
    return;
  }
  if (message.limited) {
    const calls = fake.calls
      .filter((c) => methods?.includes(c.method) && c.result !== undefined)
      .map((c) => [c.method, Number(c.payload.user_id), c.at]);
    process.send?.({ calls, refused: fake.refused() });
    return;
  }
  const perChat = new Map<number, number>();
  const times: number[] = [];
  const refusedTimes = fake.calls
    .filter((c) => c.method.startsWith("send") && c.result === undefined)
    .map((c) => c.at);
  for (const call of fake.calls) {
    if (!call.method.startsWith("send") || call.result === undefined) continue;
    const chat = Number(call.payload.chat_id);
    perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
    times.push(call.at);
  }
  process.send?.({
    accepted: times.length,
    chats: perChat.size,
    doubled: [...perChat.values()].filter((n) => n > 1).length,
    refused: fake.refused(),
    times,
    refusedTimes,
  });
});
