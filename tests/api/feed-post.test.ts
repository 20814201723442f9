import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BOT_UPLOAD_BYTES,
  feedPageSchema,
  MESSAGE_MAX_LENGTH,
  postMessageResultSchema,
} from "#api/contracts/feed";
import type { TelegramNotifier } from "#api/domain/ports/telegram-notifier";
import { fieldTooLargeMessage } from "#api/http/multipart";
import { channelMessages } from "#db/schema/index";
import { bearer, createMember, errorOf, recordingLogger, recordingTelegram } from "../helpers/accounts";
import { MB, MP4, PDF, PNG, padded } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";

const CHANNEL = -1001n;

/** The bot as each test sets it up: off by default, or with a channel (that may refuse posts). */
let bot = recordingTelegram();
const telegram: TelegramNotifier = {
  get enabled() {
    return bot.enabled;
  },
  get botUsername() {
    return bot.botUsername;
  },
  get channelConfigured() {
    return bot.channelConfigured;
  },
  publishPost: (post) => bot.publishPost(post),
  readChannel: (logoStem) => bot.readChannel(logoStem),
  createPlanInvoice: (invoice) => bot.createPlanInvoice(invoice),
  refundStarPayment: (telegramId, chargeId) => bot.refundStarPayment(telegramId, chargeId),
  editStarSubscription: (telegramId, chargeId, canceled) =>
    bot.editStarSubscription(telegramId, chargeId, canceled),
  prepareShare: (telegramId, card) => bot.prepareShare(telegramId, card),
  createJoinLink: (chatId, name) => bot.createJoinLink(chatId, name),
};
const log = recordingLogger();

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await startTestApp({ telegram, log });
  admin = await createMember(t, { roles: ["admin"], fullName: "Ada Admin" });
});
afterAll(() => t.close());
beforeEach(async () => {
  bot = recordingTelegram();
  log.lines.length = 0;
  await t.services.database.db.delete(channelMessages);
});

/** The composer's form: the text first, then the file (the order the API reads them in). */
function composerForm(content: string | undefined, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  if (content !== undefined) form.append("content", content);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
const png = (size = 3000) => ({ bytes: padded(PNG, size), name: "photo.png", type: "image/png" });

const postForm = (form: FormData, token = admin.token) =>
  t.app.request("/api/messages", { method: "POST", headers: bearer(token), body: form });

async function posted(form: FormData) {
  const res = await postForm(form);
  expect(res.status, await res.clone().text()).toBe(201);
  return postMessageResultSchema.parse(await res.json());
}

const rows = () =>
  t.services.database.db.select().from(channelMessages).orderBy(channelMessages.displayOrder);
const storedFiles = async () =>
  (await readdir(join(t.dataDir, "media", "message-images"), { recursive: true }).catch(() => [])).filter(
    (name) => /\.\w+$/.test(String(name)),
  );

describe("POST /api/messages", () => {
  it("an admin posts text: it is in the feed at once, by the admin, display order 0", async () => {
    const result = await posted(composerForm("  Fresh drop tonight\n"));
    // No bot here: the feed only.
    expect(result.channel).toBe("none");
    const [row] = await rows();
    expect(row).toMatchObject({
      id: result.id,
      content: "Fresh drop tonight",
      imageUrl: null,
      isPublished: true,
      displayOrder: 0,
      createdBy: admin.userId,
    });
    const feed = feedPageSchema.parse(
      await (await t.app.request("/api/messages", { headers: bearer(admin.token) })).json(),
    );
    expect(feed.messages[0]).toMatchObject({
      id: result.id,
      content: "Fresh drop tonight",
      author: { kind: "member", name: "Ada Admin" },
    });
  });

  it("an image alone: stored under message-images/<user>/<time>-<random>.png, display order highest + 1", async () => {
    await t.services.database.db.insert(channelMessages).values([{ displayOrder: 3 }, { displayOrder: 7 }]);
    const result = await posted(composerForm("", png()));
    const [row] = await t.services.database.db
      .select()
      .from(channelMessages)
      .where(eq(channelMessages.id, result.id));
    expect(row?.content).toBeNull();
    expect(row?.displayOrder).toBe(8);
    expect(row?.imageUrl).toMatch(
      new RegExp(`^/media/message-images/${admin.userId}/\\d+-[0-9a-f]{8}\\.png$`),
    );
    const media = await t.app.request(row?.imageUrl ?? "");
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/png");
  });

  it("text and a video together", async () => {
    const result = await posted(
      composerForm("Watch this", { bytes: padded(MP4, 20_000), name: "clip.mp4", type: "video/mp4" }),
    );
    const [row] = await rows();
    expect(row).toMatchObject({ id: result.id, content: "Watch this" });
    expect(row?.imageUrl).toMatch(/\.mp4$/);
  });

  it("members, employees and moderators: 403; signed out: 401", async () => {
    for (const roles of [[], ["employee"], ["moderator"]] as const) {
      const person = await createMember(t, { roles: [...roles] });
      const res = await postForm(composerForm("Not mine to post"), person.token);
      expect(res.status).toBe(403);
    }
    const res = await t.app.request("/api/messages", { method: "POST", body: composerForm("Hello") });
    expect(res.status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it("no text and no file: 400 Message cannot be empty (blank text counts as none)", async () => {
    for (const form of [composerForm(undefined), composerForm(""), composerForm(" \n\t ")]) {
      const res = await postForm(form);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "bad_request", message: "Message cannot be empty" });
    }
    expect(await rows()).toEqual([]);
  });

  it(`text over ${MESSAGE_MAX_LENGTH} characters: 400 with the limit, and its file is not kept`, async () => {
    expect((await postForm(composerForm("x".repeat(MESSAGE_MAX_LENGTH)))).status).toBe(201);
    await t.services.database.db.delete(channelMessages);
    const filesBefore = await storedFiles();
    const res = await postForm(composerForm("x".repeat(MESSAGE_MAX_LENGTH + 1), png()));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: "bad_request",
      message: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
    });
    const huge = await postForm(composerForm("x".repeat(20 * 1024)));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).message).toBe(fieldTooLargeMessage);
    expect(await rows()).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("a file that is no image or video: 415; an image over 5MB: 413; neither leaves a row or a file", async () => {
    const pdf = await postForm(
      composerForm("Lab report", { bytes: padded(PDF, 3000), name: "a.pdf", type: "application/pdf" }),
    );
    expect(pdf.status).toBe(415);
    expect(await errorOf(pdf)).toEqual({
      code: "unsupported_media_type",
      message: "Please select an image or video file",
    });
    expect((await postForm(composerForm("Big", png(5 * MB)))).status).toBe(201);
    await t.services.database.db.delete(channelMessages);
    const filesBefore = await storedFiles();
    const big = await postForm(composerForm("Too big", png(5 * MB + 1)));
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toEqual({ code: "too_large", message: "Image must be less than 5MB" });
    expect(await rows()).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("a JSON body is refused: the route takes a form", async () => {
    const res = await t.app.request("/api/messages", {
      method: "POST",
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ content: "Hello" }),
    });
    expect(res.status).toBe(415);
  });
});

describe("POST /api/messages with the bot and its channel", () => {
  it("publishes the post (the image as a photo) and links the message to it", async () => {
    bot = recordingTelegram(undefined, { chatId: CHANNEL });
    const result = await posted(composerForm("New in stock", png()));
    expect(result.channel).toBe("published");
    const [row] = await rows();
    expect(bot.published).toEqual([
      {
        text: "New in stock",
        file: {
          kind: "image",
          bucket: "message-images",
          name: row?.imageUrl?.replace("/media/message-images/", ""),
        },
      },
    ]);
    expect(row).toMatchObject({ id: result.id, telegramChatId: CHANNEL, telegramMessageId: 500n });
  });

  it("the relay's copy of the same post, stored first, gives way: one feed item, ours", async () => {
    bot = recordingTelegram(undefined, { chatId: CHANNEL });
    // recordingTelegram numbers channel posts from 500: the relay saw post 500 before the answer came.
    await t.services.database.db
      .insert(channelMessages)
      .values({ content: "Relayed copy", telegramChatId: CHANNEL, telegramMessageId: 500n });
    const result = await posted(composerForm("Relayed copy"));
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: result.id, createdBy: admin.userId, telegramMessageId: 500n });
  });

  it("a video over what bots may upload (50MB) stays in the feed only, and the answer says why", async () => {
    bot = recordingTelegram(undefined, { chatId: CHANNEL });
    const big = { bytes: padded(MP4, BOT_UPLOAD_BYTES + 1), name: "long.mp4", type: "video/mp4" };
    const result = await posted(composerForm("The whole show", big));
    expect(result.channel).toBe("too_large");
    expect(bot.published).toEqual([]);
    expect((await rows())[0]).toMatchObject({ id: result.id, telegramMessageId: null });
  });

  it("when Telegram refuses, the message stays in the feed, the answer says so, the log has no text", async () => {
    bot = recordingTelegram(undefined, { chatId: CHANNEL, fail: true });
    const result = await posted(composerForm("Secret sale details"));
    expect(result.channel).toBe("failed");
    const [row] = await rows();
    expect(row).toMatchObject({ id: result.id, content: "Secret sale details", telegramMessageId: null });
    const warning = log.lines.find((line) => line.message.includes("could not publish"));
    expect(warning?.fields).toMatchObject({ messageId: result.id });
    expect(JSON.stringify(log.lines)).not.toContain("Secret sale");
  });
});
