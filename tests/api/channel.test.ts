import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelInfoSchema } from "#api/contracts/channel";
import { channelSettings } from "#db/schema/index";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const getChannel = async () => {
  const res = await t.app.request("/api/channel");
  expect(res.status).toBe(200);
  return channelInfoSchema.parse(await res.json());
};

describe("GET /api/channel", () => {
  it("gives the spec's defaults when nothing is configured", async () => {
    expect(await getChannel()).toEqual({
      channelName: "Private Smoke Shop",
      channelUsername: null,
      memberCount: "26.2K",
      logoUrl: null,
      heroVideoUrl: null,
      featuredProductsCount: 8,
      featureBullets: [
        { text: "Curated selection of premium smoking accessories", emoji: "🌿" },
        { text: "Exclusive member-only deals and early access", emoji: "🔥" },
        { text: "Direct updates on new arrivals and restocks", emoji: "💬" },
      ],
    });
  });

  it("shows configured values, and defaults for blank ones", async () => {
    await t.services.database.db.insert(channelSettings).values({
      channelName: "Green Room",
      channelUsername: "greenroom",
      memberCount: "  ",
      logoUrl: "/media/channel-assets/logo-1.png",
      featureBullet2: "Members only",
    });
    const info = await getChannel();
    expect(info.channelName).toBe("Green Room");
    expect(info.channelUsername).toBe("greenroom");
    expect(info.memberCount).toBe("26.2K");
    expect(info.logoUrl).toBe("/media/channel-assets/logo-1.png");
    expect(info.featureBullets[1]).toEqual({ text: "Members only", emoji: "🔥" });
  });

  it("keeps channel_settings to a single row", async () => {
    await expect(
      t.services.database.db.insert(channelSettings).values({ channelName: "Second" }),
    ).rejects.toThrow();
  });
});
