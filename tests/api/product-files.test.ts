import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminProductResultSchema } from "#api/contracts/admin-products";
import { MAX_ADDITIONAL_PER_UPLOAD, productFileMessages } from "#api/contracts/product-files";
import { uploadKinds } from "#api/contracts/uploads";
import { bearer, createMember, errorOf, jsonRequest, post } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { MB, MP4, PDF, PNG, padded } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let employee: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;
let photo: Buffer;
let small: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  employee = await createMember(t, { roles: ["employee"] });
  member = await createMember(t, {});
  // Real pictures: a wide JPEG (resized to 800) and a small PNG (kept at its width).
  photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#a37" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const newProduct = async () => {
  const res = await t.app.request(
    "/api/admin/products",
    post({ title: "Upload me", creditPrice: "5" }, bearer(employee.token)),
  );
  expect(res.status).toBe(201);
  return adminProductResultSchema.parse(await res.json()).product;
};

type Part = [field: string, bytes: Buffer, name?: string];
const form = (parts: Part[]) => {
  const body = new FormData();
  for (const [field, bytes, name] of parts)
    body.append(field, new Blob([new Uint8Array(bytes)]), name ?? "x.bin");
  return body;
};
const send = (path: string, parts: Part[], token = employee.token) =>
  t.app.request(path, { method: "POST", headers: bearer(token), body: form(parts) });
const images = (id: string, parts: Part[], token?: string) =>
  send(`/api/admin/products/${id}/images`, parts, token);
const certificate = (id: string, parts: Part[]) => send(`/api/admin/products/${id}/certificate`, parts);
const productOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return adminProductResultSchema.parse(await res.json()).product;
};
const filesIn = (bucket: string) => readdir(join(t.dataDir, "media", bucket)).catch(() => [] as string[]);
const ofProduct = async (bucket: string, id: string) =>
  (await filesIn(bucket)).filter((n) => n.startsWith(id));
const fetched = async (url: string) => {
  const res = await t.app.request(url);
  expect(res.status).toBe(200);
  return { type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe("POST /api/admin/products/:id/images", () => {
  it("stores {id}-{timestamp}.{ext} and an 800 px WebP rendition, which the product lists", async () => {
    const product = await newProduct();
    const updated = await productOf(
      await images(product.id, [
        ["primary", photo, "photo.jpg"],
        ["additional", small, "a.png"],
        ["additional", photo, "b.jpg"],
      ]),
    );
    const name = (ext: string) =>
      new RegExp(`^/media/product-images/${product.id}-\\d{13}\\.${ext}\\.800w\\.webp$`);
    expect(updated.primaryImageUrl).toMatch(name("jpg"));
    expect(updated.additionalImages).toHaveLength(2);
    expect(updated.additionalImages[0]).toMatch(name("png"));
    expect(updated.additionalImages[1]).toMatch(name("jpg"));
    // Each file has its own timestamp, so none replaces another.
    expect(new Set([updated.primaryImageUrl, ...updated.additionalImages]).size).toBe(3);

    const primary = await fetched(updated.primaryImageUrl ?? "");
    expect(primary.type).toBe("image/webp");
    expect(await sharp(primary.bytes).metadata()).toMatchObject({ format: "webp", width: 800, height: 500 });
    const kept = await fetched(updated.additionalImages[0] ?? "");
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ format: "webp", width: 300 });
    // The originals stay beside their renditions, under the spec's names.
    const original = await fetched((updated.primaryImageUrl ?? "").replace(/\.800w\.webp$/, ""));
    expect(original.type).toBe("image/jpeg");
    expect(await ofProduct("product-images", product.id)).toHaveLength(6);
  });

  it("replacing the primary image removes the previous one's files", async () => {
    const product = await newProduct();
    const first = await productOf(await images(product.id, [["primary", small]]));
    const second = await productOf(await images(product.id, [["primary", photo]]));
    expect(second.primaryImageUrl).not.toBe(first.primaryImageUrl);
    const names = await ofProduct("product-images", product.id);
    expect(names).toHaveLength(2);
    expect(names.every((n) => (second.primaryImageUrl ?? "").includes(n.replace(/\.800w\.webp$/, "")))).toBe(
      true,
    );
  });

  it("refuses a file that is not an image, or not a readable one (415), storing nothing", async () => {
    const product = await newProduct();
    for (const bytes of [PDF, PNG]) {
      const res = await images(product.id, [
        ["additional", small],
        ["additional", bytes, "picture.png"],
      ]);
      expect(res.status).toBe(415);
      expect((await errorOf(res)).message).toBe(uploadKinds.productImage.wrongType);
    }
    expect(await ofProduct("product-images", product.id)).toEqual([]);
    const res = await t.app.request(`/api/admin/products/${product.id}`, { headers: bearer(employee.token) });
    expect(adminProductResultSchema.parse(await res.json()).product.additionalImages).toEqual([]);
  });

  it("refuses an image over 10MB (413) and more than the cap at once (400)", async () => {
    const product = await newProduct();
    const large = await images(product.id, [["primary", padded(PNG, 10 * MB + 1)]]);
    expect(large.status).toBe(413);
    expect((await errorOf(large)).message).toBe("Image must be less than 10MB");
    const many = await images(
      product.id,
      Array.from({ length: MAX_ADDITIONAL_PER_UPLOAD + 1 }, (): Part => ["additional", small]),
    );
    expect(many.status).toBe(400);
    expect((await errorOf(many)).message).toBe(productFileMessages.tooManyFiles);
    const none = await images(product.id, []);
    expect(none.status).toBe(400);
    expect(await ofProduct("product-images", product.id)).toEqual([]);
  });

  it("is for staff, and for a product that exists", async () => {
    const product = await newProduct();
    expect((await images(product.id, [["primary", small]], member.token)).status).toBe(403);
    const unknown = await images("00000000-0000-4000-8000-000000000000", [["primary", small]]);
    expect(unknown.status).toBe(404);
    expect(await ofProduct("product-images", product.id)).toEqual([]);
  });

  it("keeps both additional images of two uploads at once", async () => {
    await racing();
    const product = await newProduct();
    const [a, b] = await Promise.all([
      images(product.id, [["additional", small]]),
      images(product.id, [["additional", photo]]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const res = await t.app.request(`/api/admin/products/${product.id}`, { headers: bearer(employee.token) });
    expect(adminProductResultSchema.parse(await res.json()).product.additionalImages).toHaveLength(2);
  });
});

describe("DELETE /api/admin/products/:id/images", () => {
  it("removes an additional or the primary image, and its files", async () => {
    const product = await newProduct();
    const withImages = await productOf(
      await images(product.id, [
        ["primary", small],
        ["additional", photo],
      ]),
    );
    const remove = (url: string) =>
      t.app.request(
        `/api/admin/products/${product.id}/images`,
        jsonRequest("DELETE", { url }, bearer(employee.token)),
      );
    const [additional] = withImages.additionalImages;
    const afterAdditional = await productOf(await remove(additional ?? ""));
    expect(afterAdditional.additionalImages).toEqual([]);
    expect(afterAdditional.primaryImageUrl).toBe(withImages.primaryImageUrl);
    expect(await ofProduct("product-images", product.id)).toHaveLength(2);
    const afterPrimary = await productOf(await remove(withImages.primaryImageUrl ?? ""));
    expect(afterPrimary.primaryImageUrl).toBeNull();
    expect(await ofProduct("product-images", product.id)).toEqual([]);
    const missing = await remove("/media/product-images/elsewhere.webp");
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(productFileMessages.imageNotFound);
  });
});

describe("POST /api/admin/products/:id/certificate", () => {
  it("stores a PDF, JPEG or PNG as {id}-coa-{timestamp}.{ext} and replaces the previous one", async () => {
    const product = await newProduct();
    const pdf = await productOf(await certificate(product.id, [["file", PDF, "coa.pdf"]]));
    expect(pdf.coaUrl).toMatch(new RegExp(`^/media/product-documents/${product.id}-coa-\\d{13}\\.pdf$`));
    expect((await fetched(pdf.coaUrl ?? "")).type).toBe("application/pdf");
    const png = await productOf(await certificate(product.id, [["file", small, "coa.png"]]));
    expect(png.coaUrl).toMatch(/\.png$/);
    expect(await ofProduct("product-documents", product.id)).toEqual([png.coaUrl?.split("/").pop()]);
  });

  it("refuses other types (415) and keeps the certificate it had", async () => {
    const product = await newProduct();
    const res = await certificate(product.id, [["file", MP4, "coa.pdf"]]);
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toBe("Certificate must be a PDF, JPG or PNG file");
    expect(await ofProduct("product-documents", product.id)).toEqual([]);
  });
});
