import { sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  channelMessages,
  channelSettings,
  legalDocuments,
  legalDocumentTypes,
  membershipTiers,
  products,
  strains,
} from "../schema";
import { certificateOfAnalysisPdf } from "./certificate";
import { demoLegalDocuments } from "./legal";
import { channelLogoSvg, productArtSvg } from "./product-art";
import { demoProducts } from "./products";
import { strainCatalogue } from "./strains";
import { demoTiers, tierSlug } from "./tiers";

/** Stores a file and returns its public URL. */
export type PutFile = (
  bucket: string,
  name: string,
  bytes: Uint8Array,
  contentType: string,
) => Promise<string>;

export interface SeedOptions {
  /** The clock the demo data is dated from (created_at, lab dates, effective dates). */
  now?: Date;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// Any fixed number, distinct from the migration lock: two processes starting together seed once.
const SEED_LOCK = 725_002;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const encode = (text: string) => new TextEncoder().encode(text);

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const counts = await Promise.all([
    db.$count(products),
    db.$count(membershipTiers),
    db.$count(channelSettings),
  ]);
  return counts.every((count) => count === 0);
}

interface DemoFiles {
  logoUrl: string;
  images: string[];
  certificates: (string | null)[];
}

async function writeDemoFiles(putFile: PutFile, now: Date): Promise<DemoFiles> {
  const logo = putFile(
    "channel-assets",
    `logo-${now.getTime()}.svg`,
    encode(channelLogoSvg()),
    "image/svg+xml",
  );
  const images = demoProducts.map((product) =>
    putFile(
      "product-images",
      `demo-${product.slug}.svg`,
      encode(productArtSvg({ seed: product.slug, glyph: product.glyph, strainType: product.strainType })),
      "image/svg+xml",
    ),
  );
  const certificates = demoProducts.map((product) => {
    if (!product.coa || !product.batchNumber) return Promise.resolve(null);
    const pdf = certificateOfAnalysisPdf({
      title: product.title,
      batchNumber: product.batchNumber,
      testedOn: isoDate(new Date(now.getTime() - (product.labTestedDaysAgo ?? 0) * DAY_MS)),
      thcPercentage: product.thcPercentage,
      cbdPercentage: product.cbdPercentage,
    });
    return putFile("product-documents", `demo-${product.slug}-coa.pdf`, pdf, "application/pdf");
  });
  return {
    logoUrl: await logo,
    images: await Promise.all(images),
    certificates: await Promise.all(certificates),
  };
}

/**
 * Fills an empty database (no products, tiers or channel settings) with a demo shop so a fresh
 * install shows something real. Returns whether it seeded. Files are stored first; the rows go in
 * one transaction, so a failure leaves the database empty and the next start tries again.
 */
export async function seedDemoData(db: Db, putFile: PutFile, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const now = options.now ?? new Date();
  const files = await writeDemoFiles(putFile, now);
  const today = isoDate(now);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Another process may have seeded while the files were written.
    if (!(await isEmpty(tx))) return false;

    await tx.insert(channelSettings).values({
      channelName: "Private Smoke Shop",
      channelUsername: "privatesmokeshop",
      memberCount: "26.2K",
      logoUrl: files.logoUrl,
      heroVideoUrl: null,
      welcomeMessage:
        "Welcome to Private Smoke Shop! Members get first access to new drops, restocks and member-only deals.",
      storeDescription:
        "A members-only shop for lab-tested hemp flower, pre-rolls, edibles and concentrates, plus hand-picked " +
        "smoking accessories. Every consumable batch is third-party tested and contains no more than 0.3% " +
        "delta-9 THC. 21+ only.",
    });

    await tx.insert(membershipTiers).values(
      demoTiers.map((tier) => ({
        name: tierSlug(tier.displayName),
        displayName: tier.displayName,
        priceMonthly: tier.priceMonthly,
        priceStars: tier.priceStars,
        tierLevel: tier.tierLevel,
        description: tier.description,
        features: tier.features,
        isActive: true,
      })),
    );

    await tx.insert(products).values(
      demoProducts.map((product, i) => ({
        title: product.title,
        description: product.description,
        primaryImageUrl: files.images[i] ?? null,
        features: product.features,
        creditPrice: product.creditPrice,
        coaUrl: files.certificates[i] ?? null,
        category: product.category,
        strainType: product.strainType,
        thcPercentage: product.thcPercentage,
        cbdPercentage: product.cbdPercentage,
        stockQuantity: product.stockQuantity,
        unitSize: product.unitSize,
        batchNumber: product.batchNumber,
        labTestedDate:
          product.labTestedDaysAgo === null
            ? null
            : isoDate(new Date(now.getTime() - product.labTestedDaysAgo * DAY_MS)),
        isFeatured: product.isFeatured,
        isActive: true,
        // Distinct times so "newest first" has one answer: the first product is the newest.
        createdAt: new Date(now.getTime() - i * HOUR_MS),
      })),
    );

    // A few posts so the demo feed is not empty: a pinned welcome, then the newest first.
    await tx.insert(channelMessages).values([
      {
        content:
          "Welcome to Private Smoke Shop! Tap the grid at the top left to browse the shop. New drops and restocks are posted here first.",
        isPinned: true,
        createdAt: new Date(now.getTime() - 72 * HOUR_MS),
      },
      {
        content: "Restock: Sour Space Candy CBD Flower is back, lab tested and ready to ship.",
        imageUrl: files.images[0] ?? null,
        createdAt: new Date(now.getTime() - 2 * HOUR_MS),
      },
      {
        content:
          "Members-only: new glassware lands this Friday. Lab reports for every batch: https://example.com/lab-reports",
        createdAt: new Date(now.getTime() - 26 * HOUR_MS),
      },
    ]);

    // Policies may already exist even when the shop is empty; never replace them.
    await tx
      .insert(legalDocuments)
      .values(
        legalDocumentTypes.map((documentType) => ({
          documentType,
          version: 1,
          content: demoLegalDocuments[documentType],
          effectiveDate: today,
          isActive: true,
        })),
      )
      .onConflictDoNothing();

    return true;
  });
}

/** Loads the built-in strain catalogue into an empty strains table; does nothing otherwise. */
export async function seedStrains(db: Db): Promise<void> {
  if ((await db.$count(strains)) > 0) return;
  await db
    .insert(strains)
    .values(
      strainCatalogue.map((strain) => ({ name: strain.name, type: strain.type, traits: strain.traits })),
    )
    .onConflictDoNothing({ target: strains.name });
}
