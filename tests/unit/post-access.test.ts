import { describe, expect, it } from "vitest";
import { grantExpiry, grantedUrl, validGrant } from "#api/domain/channel/media-grants";
import { mayRead, openingFirst } from "#api/domain/channel/post-access";

// Posts for some tiers (decision 118): who reads a post, which plan a locked card names, and the
// grants /media asks for.

const BASIC = "11111111-1111-4111-8111-111111111111";
const PREMIUM = "22222222-2222-4222-8222-222222222222";

describe("mayRead", () => {
  it("a post for no tiers is every member's", () => {
    expect(mayRead([], { readerTierId: null, readerIsStaff: false })).toBe(true);
  });

  it("a post for tiers: members on one of them, and staff on any tier or none", () => {
    const tiers = [BASIC, PREMIUM];
    expect(mayRead(tiers, { readerTierId: BASIC, readerIsStaff: false })).toBe(true);
    expect(mayRead(tiers, { readerTierId: PREMIUM, readerIsStaff: false })).toBe(true);
    expect(mayRead([PREMIUM], { readerTierId: BASIC, readerIsStaff: false })).toBe(false);
    expect(mayRead([PREMIUM], { readerTierId: null, readerIsStaff: false })).toBe(false);
    expect(mayRead([PREMIUM], { readerTierId: null, readerIsStaff: true })).toBe(true);
  });
});

describe("openingFirst", () => {
  it("names the cheapest tier still offered first, retired ones last", () => {
    const tier = (name: string, level: number, active = true) => ({ id: name, name, level, active });
    expect(
      openingFirst([tier("Gold", 4), tier("Old", 2, false), tier("Silver", 3), tier("Legacy", 5, false)]).map(
        (t) => t.name,
      ),
    ).toEqual(["Silver", "Gold", "Old", "Legacy"]);
    expect(openingFirst([])).toEqual([]);
  });
});

describe("media grants", () => {
  const key = "a".repeat(64);
  const path = "/media/message-images/u/1-abc.png";

  it("end at the end of the next full hour: one URL for the hour, valid one to two hours", () => {
    const at = (iso: string) => grantExpiry(new Date(iso));
    expect(at("2026-11-29T10:00:00Z")).toBe(Date.parse("2026-11-29T11:00:00Z") / 1000);
    expect(at("2026-11-29T10:00:01Z")).toBe(Date.parse("2026-11-29T12:00:00Z") / 1000);
    expect(at("2026-11-29T10:59:59Z")).toBe(Date.parse("2026-11-29T12:00:00Z") / 1000);
  });

  it("hold for their path and key until they expire; a bucket's own URL is left as it is", () => {
    const now = new Date("2026-11-29T10:20:00Z");
    const expires = grantExpiry(now);
    const url = grantedUrl(key, path, expires);
    const grant = new URL(url, "https://x").searchParams.get("grant") ?? "";
    expect(url.startsWith(`${path}?grant=${expires}.`)).toBe(true);
    expect(grantedUrl(key, url, expires)).toBe(url);
    expect(validGrant(key, path, grant, now)).toBe(true);
    expect(validGrant(key, "/media/message-images/u/2-def.png", grant, now)).toBe(false);
    expect(validGrant("b".repeat(64), path, grant, now)).toBe(false);
    expect(validGrant(key, path, grant.replace(/^\d+/, String(expires + 3600)), now)).toBe(false);
    expect(validGrant(key, path, grant, new Date(expires * 1000))).toBe(false);
    expect(validGrant(key, path, "", now)).toBe(false);
    expect(grantedUrl(key, "https://cdn.example.com/a.png", expires)).toBe("https://cdn.example.com/a.png");
  });
});
