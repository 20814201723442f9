import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settingsResultSchema, telegramSyncSchema, uploadedAssetSchema } from "#api/contracts/admin-settings";
import { meSchema } from "#api/contracts/me";
import { compactCount } from "#api/domain/settings/admin-settings";
import { getNotificationSwitches } from "#db/queries/channel/channel";
import { channelSettings } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, recordingTelegram } from "../helpers/accounts";
import { encodeMultipart } from "../helpers/multipart";
import { racing } from "../helpers/race";
import { JPEG, MB, MP4, PNG, padded, WEBM } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";

const AT = new Date("2026-03-01T12:00:00Z");
// A test turns the channel off.
let channelOn = true;
const telegram = {
  ...recordingTelegram(undefined, { chatId: -1001n }),
  get channelConfigured() {
    return channelOn;
  },
};
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp({ now: () => AT, telegram });
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.database.db.delete(channelSettings);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  channelName: "Night Drops",
  channelUsername: "@night_drops",
  memberCount: "12.5K",
  logoUrl: null,
  heroVideoUrl: null,
  welcomeMessage: "Welcome in",
  storeDescription: "Hemp, tested",
  ageVerificationEnabled: true,
  emailNotifications: true,
  lowStockAlerts: true,
  ...overrides,
});
const save = (json: unknown, token = admin.token) =>
  t.app.request("/api/admin/settings", jsonRequest("PUT", json, bearer(token)));
const read = async () =>
  settingsResultSchema.parse(
    await (await t.app.request("/api/admin/settings", { headers: bearer(admin.token) })).json(),
  ).settings;
const channel = async () =>
  (await (await t.app.request("/api/channel")).json()) as { channelName: string; logoUrl: string | null };

async function upload(path: "logo" | "hero-video", bytes: Buffer, type: string) {
  const { bytes: whole, contentType } = await encodeMultipart(bytes, { type, name: "file" });
  return t.app.request(`/api/admin/settings/${path}`, {
    method: "POST",
    body: whole,
    headers: { ...bearer(admin.token), "content-type": contentType },
  });
}

describe("/api/admin/settings", () => {
  it("starts from the settings page's defaults, saves every field, and the channel shows them", async () => {
    expect(await read()).toMatchObject({
      id: null,
      channelName: "Exclusive Drops",
      channelUsername: "shop",
      memberCount: "26.2K",
      ageVerificationEnabled: true,
      emailNotifications: true,
      lowStockAlerts: true,
    });
    const res = await save(body({ storeDescription: "   " }));
    expect(res.status).toBe(200);
    const saved = settingsResultSchema.parse(await res.json()).settings;
    expect(saved).toMatchObject({
      channelName: "Night Drops",
      channelUsername: "night_drops",
      storeDescription: null,
    });
    expect(saved.id).toEqual(expect.any(String));
    expect(await read()).toEqual(saved);
    expect(await channel()).toMatchObject({ channelName: "Night Drops", memberCount: "12.5K" });
  });

  it("is for admins only", async () => {
    const moderator = await createMember(t, { roles: ["moderator"] });
    const member = await createMember(t);
    expect((await save(body(), moderator.token)).status).toBe(403);
    expect((await save(body(), member.token)).status).toBe(403);
    expect((await t.app.request("/api/admin/settings")).status).toBe(401);
    expect((await t.services.database.db.select().from(channelSettings)).length).toBe(0);
  });

  it("refuses bad fields with a clear 400 and saves nothing", async () => {
    for (const [fields, message] of [
      [{ channelName: "  " }, "Channel name is required"],
      [{ channelName: "x".repeat(101) }, "Channel name must be at most 100 characters"],
      [
        { channelUsername: "no spaces" },
        "Username may hold only letters, digits and underscores (at most 32)",
      ],
      [{ memberCount: "1".repeat(21) }, "Member count must be at most 20 characters"],
      [{ welcomeMessage: "w".repeat(1001) }, "Welcome message must be at most 1000 characters"],
      [{ storeDescription: "d".repeat(2001) }, "Store description must be at most 2000 characters"],
      [
        { logoUrl: "https://elsewhere.example/logo.png" },
        "The logo and the hero video must be files uploaded here",
      ],
      [
        { heroVideoUrl: "/media/channel-assets/../avatars/x.mp4" },
        "The logo and the hero video must be files uploaded here",
      ],
    ] as const) {
      const res = await save(body(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const missing = await save({ channelName: "Only a name" });
    expect(missing.status).toBe(400);
    expect((await t.services.database.db.select().from(channelSettings)).length).toBe(0);
  });

  it("concurrent saves leave one row, equal to one of them whole", async () => {
    await racing();
    const bodies = Array.from({ length: 8 }, (_, n) =>
      body({
        channelName: `Channel ${n}`,
        memberCount: `${n}K`,
        welcomeMessage: `Welcome ${n}`,
        lowStockAlerts: n % 2 === 0,
      }),
    );
    const answers = await Promise.all(bodies.map((one) => save(one)));
    expect(answers.map((res) => res.status)).toEqual(bodies.map(() => 200));
    const rows = await t.services.database.db.select().from(channelSettings);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    const n = Number(row?.channelName?.split(" ")[1]);
    expect(row).toMatchObject({
      memberCount: `${n}K`,
      welcomeMessage: `Welcome ${n}`,
      lowStockAlerts: n % 2 === 0,
    });
  });
});

describe("logo and hero video uploads", () => {
  it("stores a logo as logo-{timestamp}.ext; Save puts it on the channel", async () => {
    const res = await upload("logo", padded(PNG, 2000), "image/png");
    expect(res.status).toBe(200);
    const { url } = uploadedAssetSchema.parse(await res.json());
    expect(url).toBe(`/media/channel-assets/logo-${AT.getTime()}.png`);
    expect((await t.app.request(url)).status).toBe(200);
    expect((await save(body({ logoUrl: url }))).status).toBe(200);
    expect((await channel()).logoUrl).toBe(url);
    // Saving again keeps it; and null takes it away.
    expect((await save(body({ logoUrl: url }))).status).toBe(200);
    expect((await save(body({ logoUrl: null }))).status).toBe(200);
    expect((await channel()).logoUrl).toBeNull();
  });

  it("stores a hero video as hero-video-{timestamp}.ext", async () => {
    const mp4 = await upload("hero-video", padded(MP4, 4000), "video/mp4");
    expect(uploadedAssetSchema.parse(await mp4.json()).url).toBe(
      `/media/channel-assets/hero-video-${AT.getTime()}.mp4`,
    );
    const webm = await upload("hero-video", padded(WEBM, 4000), "video/webm");
    expect(uploadedAssetSchema.parse(await webm.json()).url).toMatch(/hero-video-\d+\.webm$/);
  });

  it("refuses the wrong type with 415 and a file past the limit with 413, in the spec's words", async () => {
    for (const [path, bytes, type, status, message] of [
      ["logo", padded(MP4, 4000), "video/mp4", 415, "Please select an image file"],
      ["logo", Buffer.from("just text"), "image/png", 415, "Please select an image file"],
      ["hero-video", padded(JPEG, 4000), "image/jpeg", 415, "Please select a video file"],
      ["logo", padded(PNG, 10 * MB + 1), "image/png", 413, "File size must be less than 10MB"],
      ["hero-video", padded(MP4, 50 * MB + 1), "video/mp4", 413, "Video file must be less than 50MB"],
    ] as const) {
      const res = await upload(path, bytes, type);
      expect(res.status, `${path} ${type} ${bytes.length}`).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    }
  });
});

describe("the switches", () => {
  it("age verification off lets a member who never confirmed their age past the gate, on the server too", async () => {
    const young = await createMember(t, { ageVerified: false });
    const feed = () => t.app.request("/api/messages", { headers: bearer(young.token) });
    const me = async () =>
      meSchema.parse(await (await t.app.request("/api/me", { headers: bearer(young.token) })).json());
    expect((await feed()).status).toBe(403);
    expect((await me()).ageVerified).toBe(false);

    await save(body({ ageVerificationEnabled: false }));
    expect((await feed()).status).toBe(200);
    expect((await me()).ageVerified).toBe(true);

    await save(body({ ageVerificationEnabled: true }));
    expect((await feed()).status).toBe(403);
  });

  it("the two alert switches are what the bot's notifications read", async () => {
    const db = t.services.database.db;
    expect(await getNotificationSwitches(db)).toEqual({ orderNotices: true, lowStockAlerts: true });
    await save(body({ emailNotifications: false, lowStockAlerts: false }));
    expect(await getNotificationSwitches(db)).toEqual({ orderNotices: false, lowStockAlerts: false });
    await save(body({ lowStockAlerts: true }));
    expect(await getNotificationSwitches(db)).toEqual({ orderNotices: true, lowStockAlerts: true });
  });
});

describe("Sync from Telegram", () => {
  it("reads the channel's member count as the header shows it", async () => {
    const res = await t.app.request("/api/admin/settings/telegram-sync", {
      method: "POST",
      headers: bearer(admin.token),
    });
    expect(res.status).toBe(200);
    expect(telegramSyncSchema.parse(await res.json())).toEqual({ memberCount: "26.2K", logoUrl: null });
    expect([999, 1000, 26_234, 1_250_000].map(compactCount)).toEqual(["999", "1K", "26.2K", "1.3M"]);
  });

  it("says no channel is configured when the bot has none", async () => {
    channelOn = false;
    try {
      const res = await t.app.request("/api/admin/settings/telegram-sync", {
        method: "POST",
        headers: bearer(admin.token),
      });
      expect(res.status).toBe(503);
      expect((await errorOf(res)).message).toBe(
        "No channel is configured: set TELEGRAM_CHANNEL_ID to sync from Telegram",
      );
    } finally {
      channelOn = true;
    }
  });
});
