import { asc, desc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { featureIcons } from "#api/contracts/products";
import type { Db } from "#db/client";
import {
  channelSettings,
  legalDocuments,
  legalDocumentTypes,
  membershipTiers,
  products,
  strains,
} from "#db/schema/index";
import { type PutFile, seedDemoData, seedStrains } from "#db/seed/index";
import { tierSlug } from "#db/seed/tiers";
import { freshDatabase } from "#tests/helpers/test-db";
import { racing } from "../helpers/race";

interface StoredFile {
  bucket: string;
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

function recordingStorage(): { putFile: PutFile; files: StoredFile[] } {
  const files: StoredFile[] = [];
  const putFile: PutFile = async (bucket, name, bytes, contentType) => {
    files.push({ bucket, name, bytes, contentType });
    return `/media/${bucket}/${name}`;
  };
  return { putFile, files };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function emptyDb(): Promise<Db> {
  const { database, cleanup } = await freshDatabase();
  cleanups.push(cleanup);
  return database.db;
}

async function snapshot(db: Db) {
  return {
    products: await db.select().from(products).orderBy(asc(products.id)),
    tiers: await db.select().from(membershipTiers).orderBy(asc(membershipTiers.id)),
    settings: await db.select().from(channelSettings),
    legal: await db.select().from(legalDocuments).orderBy(asc(legalDocuments.id)),
  };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("tierSlug", () => {
  it("lowercases, turns spaces into underscores and drops other characters", () => {
    expect(tierSlug("Pro Plan 2!")).toBe("pro_plan_2");
    expect(tierSlug("VIP")).toBe("vip");
    expect(tierSlug("Gold  Members")).toBe("gold_members");
  });
});

describe("seedDemoData", () => {
  it("fills an empty database with a demo shop in one go", async () => {
    const db = await emptyDb();
    const { putFile, files } = recordingStorage();
    const now = new Date("2025-03-10T12:00:00Z");

    expect(await seedDemoData(db, putFile, { now })).toBe(true);
    const data = await snapshot(db);

    // Products: 12, across the categories and strain types, each with a stored image.
    expect(data.products).toHaveLength(12);
    expect(new Set(data.products.map((p) => p.category))).toEqual(
      new Set(["Flower", "Pre-rolls", "Accessories", "Edibles", "Concentrates"]),
    );
    expect(new Set(data.products.map((p) => p.strainType))).toEqual(
      new Set(["Indica", "Sativa", "Hybrid", null]),
    );
    for (const product of data.products) {
      expect(product.isActive).toBe(true);
      expect(product.creditPrice).toMatch(/^\d+\.\d{2}$/);
      expect(Number(product.creditPrice)).toBeGreaterThan(0);
      if (product.category === "Accessories") expect(product.strainType).toBeNull();
      else expect(Number(product.thcPercentage)).toBeLessThanOrEqual(0.3);
      expect(product.primaryImageUrl).toMatch(/^\/media\/product-images\/demo-[a-z0-9-]+\.svg$/);
      expect(product.features?.length).toBeGreaterThan(0);
    }
    expect(data.products.filter((p) => p.stockQuantity === 0).length).toBeGreaterThanOrEqual(2);
    expect(data.products.filter((p) => p.coaUrl).length).toBeGreaterThanOrEqual(4);
    expect(data.products.some((p) => p.isFeatured)).toBe(true);
    const icons = data.products.flatMap((p) => p.features ?? []).map((f) => f.icon);
    expect(icons.some((icon) => !(featureIcons as readonly string[]).includes(icon))).toBe(true);

    // Newest first is a strict order.
    const newest = await db.select().from(products).orderBy(desc(products.createdAt));
    expect(new Set(newest.map((p) => p.createdAt.getTime())).size).toBe(12);
    expect(newest[0]?.createdAt.toISOString()).toBe(now.toISOString());

    // Files: one image per product, a PDF per certificate, the logo.
    const images = files.filter((f) => f.bucket === "product-images");
    expect(images).toHaveLength(12);
    expect(new Set(images.map((f) => f.name)).size).toBe(12);
    for (const image of images) {
      expect(image.contentType).toBe("image/svg+xml");
      expect(text(image.bytes)).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
    }
    expect(new Set(data.products.map((p) => p.primaryImageUrl))).toEqual(
      new Set(images.map((f) => `/media/product-images/${f.name}`)),
    );
    const pdfs = files.filter((f) => f.bucket === "product-documents");
    expect(pdfs).toHaveLength(data.products.filter((p) => p.coaUrl).length);
    for (const pdf of pdfs) {
      expect(pdf.contentType).toBe("application/pdf");
      const body = text(pdf.bytes);
      expect(body.startsWith("%PDF-1.")).toBe(true);
      expect(body.trimEnd().endsWith("%%EOF")).toBe(true);
      expect(body).toContain("Certificate of Analysis");
      const startxref = Number(/startxref\n(\d+)/.exec(body)?.[1]);
      expect(body.slice(startxref, startxref + 4)).toBe("xref");
      const offsets = [...body.matchAll(/(\d{10}) 00000 n \n/g)].map((m) => Number(m[1]));
      expect(offsets).toHaveLength(5);
      offsets.forEach((offset, i) => {
        expect(body.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
      });
    }
    const logos = files.filter((f) => f.bucket === "channel-assets");
    expect(logos.map((f) => f.name)).toEqual([`logo-${now.getTime()}.svg`]);

    // Tiers: level 1 free, the rest paid and priced in Stars too (a demo with a bot sells them in
    // its default PLAN_PAYMENTS=stars: 50 Stars a dollar, decision 123), names are slugs.
    expect(data.tiers.length).toBeGreaterThanOrEqual(3);
    for (const tier of data.tiers) {
      expect(tier.name).toBe(tierSlug(tier.displayName));
      expect(tier.isActive).toBe(true);
      expect(tier.features.length).toBeGreaterThan(0);
      if (tier.tierLevel === 1) {
        expect(tier.priceMonthly).toBe("0.00");
        expect(tier.priceStars).toBeNull();
      } else {
        expect(Number(tier.priceMonthly)).toBeGreaterThan(0);
        expect(tier.priceStars).toBe(Number(tier.priceMonthly) * 50);
      }
    }
    expect(data.tiers.filter((t) => t.tierLevel === 1)).toHaveLength(1);

    // Channel settings: one row pointing at the stored logo.
    expect(data.settings).toHaveLength(1);
    expect(data.settings[0]).toMatchObject({
      channelName: "Private Smoke Shop",
      channelUsername: "privatesmokeshop",
      memberCount: "26.2K",
      logoUrl: `/media/channel-assets/logo-${now.getTime()}.svg`,
      heroVideoUrl: null,
    });

    // Legal documents: all five, active, version 1, dated today.
    expect(data.legal).toHaveLength(5);
    expect(new Set(data.legal.map((d) => d.documentType))).toEqual(new Set(legalDocumentTypes));
    for (const document of data.legal) {
      expect(document).toMatchObject({ isActive: true, version: 1, effectiveDate: "2025-03-10" });
      expect(document.content).toMatch(/^# /);
      expect(document.content.split(/\s+/).length).toBeGreaterThan(250);
    }
  });

  it("does nothing the second time", async () => {
    const db = await emptyDb();
    const first = recordingStorage();
    expect(await seedDemoData(db, first.putFile)).toBe(true);
    const before = await snapshot(db);

    const second = recordingStorage();
    expect(await seedDemoData(db, second.putFile)).toBe(false);
    expect(second.files).toHaveLength(0);
    expect(await snapshot(db)).toEqual(before);
  });

  it("leaves a database with any shop data alone", async () => {
    const db = await emptyDb();
    await db
      .insert(membershipTiers)
      .values({ name: "own", displayName: "Own", priceMonthly: "5.00", tierLevel: 1 });
    const { putFile, files } = recordingStorage();
    expect(await seedDemoData(db, putFile)).toBe(false);
    expect(files).toHaveLength(0);
    expect(await db.$count(products)).toBe(0);
  });

  it("keeps policies that already exist", async () => {
    const db = await emptyDb();
    await db.insert(legalDocuments).values({ documentType: "terms", version: 1, content: "# Our own terms" });
    const { putFile } = recordingStorage();
    expect(await seedDemoData(db, putFile)).toBe(true);
    const terms = await db.select().from(legalDocuments).orderBy(asc(legalDocuments.documentType));
    expect(terms).toHaveLength(5);
    expect(terms.find((d) => d.documentType === "terms")?.content).toBe("# Our own terms");
  });

  it("seeds once when two callers race", async () => {
    await racing();
    const db = await emptyDb();
    const { putFile } = recordingStorage();
    const results = await Promise.all([seedDemoData(db, putFile), seedDemoData(db, putFile)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.$count(products)).toBe(12);
  });
});

describe("seedStrains", () => {
  it("loads the built-in catalogue once", async () => {
    const db = await emptyDb();
    await seedStrains(db);
    const rows = await db.select().from(strains);
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(new Set(rows.map((s) => s.type))).toEqual(new Set(["Indica", "Sativa", "Hybrid"]));
    for (const strain of rows) {
      expect(strain.traits.length).toBeGreaterThanOrEqual(2);
      expect(strain.traits.length).toBeLessThanOrEqual(4);
    }

    await seedStrains(db);
    expect(await db.$count(strains)).toBe(rows.length);
  });
});
