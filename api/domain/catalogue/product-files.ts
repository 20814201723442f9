import sharp from "sharp";
import type { AdminProduct } from "#api/contracts/admin-products";
import { isUuid } from "#api/contracts/ids";
import {
  MAX_ADDITIONAL_IMAGES,
  MAX_ADDITIONAL_PER_UPLOAD,
  productFileMessages,
  RENDITION_WIDTH,
} from "#api/contracts/product-files";
import { uploadKinds } from "#api/contracts/uploads";
import {
  type IncomingFiles,
  type IncomingForm,
  type StoredUpload,
  storeFiles,
  storeUpload,
} from "#api/domain/uploads";
import { errorFields } from "#api/process/logger";
import { changeLockedProduct, findProduct } from "#db/queries/catalogue/admin-products";
import type { ProductRow } from "#db/queries/catalogue/products";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { toAdminProduct } from "./admin-products";

/** The rendition of `{id}-{timestamp}.{ext}` is `{id}-{timestamp}.{ext}.800w.webp`: the product keeps its URL. */
const RENDITION_SUFFIX = `.${RENDITION_WIDTH}w.webp`;
// Larger pictures (a decompression bomb in a small PNG) are not decoded: 8000 × 6250.
const MAX_INPUT_PIXELS = 50_000_000;

let lastStamp = 0;
/** Milliseconds, never the same twice in this process, so two files of one product never share a name. */
const stamp = (ctx: ServiceContext) => () => {
  lastStamp = Math.max(ctx.now().getTime(), lastStamp + 1);
  return lastStamp;
};

const notFound = () => new Refusal("product_not_found");

/** Before any byte is stored: the product must exist. */
async function assertProduct(ctx: ServiceContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await findProduct(ctx.db, id))) throw notFound();
}

/** Removes files, logging (never throwing) a failure: what is left is an unreferenced file. */
async function removeFiles(ctx: ServiceContext, files: { bucket: string; name: string }[]): Promise<void> {
  await Promise.all(
    files.map(({ bucket, name }) =>
      ctx.storage.remove(bucket, name).catch((error: unknown) => {
        ctx.log.warn("could not remove a product file", { name, ...errorFields(error) });
      }),
    ),
  );
}

/** The files behind an image URL we stored for this product (a seeded or foreign URL: none). */
function filesOfImage(
  ctx: ServiceContext,
  id: string,
  url: string | null,
): { bucket: string; name: string }[] {
  const prefix = `${ctx.storage.urlBase}/product-images/`;
  if (!url?.startsWith(`${prefix}${id}-`) || !url.endsWith(RENDITION_SUFFIX)) return [];
  const rendition = url.slice(prefix.length);
  return [
    { bucket: "product-images", name: rendition },
    { bucket: "product-images", name: rendition.slice(0, -RENDITION_SUFFIX.length) },
  ];
}

/**
 * The catalogue's WebP of a stored image, RENDITION_WIDTH wide at most, upright (EXIF rotation
 * applied, metadata dropped), streamed from storage through sharp back into storage. An image
 * sharp cannot decode is refused as not an image (upload_wrong_type).
 */
async function storeRendition(ctx: ServiceContext, upload: StoredUpload): Promise<StoredUpload> {
  const source = await ctx.storage.read(upload.bucket, upload.name);
  let undecodable = false;
  const resize = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: RENDITION_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .on("error", () => {
      undecodable = true;
    });
  source.on("error", (error) => resize.destroy(error));
  const name = `${upload.name}${RENDITION_SUFFIX}`;
  try {
    const url = await ctx.storage.put(upload.bucket, name, source.pipe(resize), "image/webp");
    return { ...upload, url, name, contentType: "image/webp" };
  } catch (error) {
    if (undecodable) throw new Refusal("upload_wrong_type", { message: uploadKinds.productImage.wrongType });
    throw error;
  }
}

/**
 * POST /api/admin/products/:id/images: multipart `primary` (one image) and `additional` (up to
 * MAX_ADDITIONAL_PER_UPLOAD), each stored as `{id}-{timestamp}.{ext}` with its WebP rendition, then
 * one locked update points the primary image at its rendition and appends the additional ones.
 * A refusal anywhere removes every file of the request; a replaced primary image's files go too.
 */
export async function storeProductImages(
  ctx: ServiceContext,
  id: string,
  files: IncomingFiles,
): Promise<AdminProduct> {
  await assertProduct(ctx, id);
  const received = await storeFiles(files, ctx, "productImage", {
    owner: id,
    stamp: stamp(ctx),
    perField: { primary: 1, additional: MAX_ADDITIONAL_PER_UPLOAD },
    tooMany: productFileMessages.tooManyFiles,
  });
  const stored: StoredUpload[] = received.map(({ upload }) => upload);
  try {
    const images: { field: string; url: string }[] = [];
    // One at a time: decoding is CPU work.
    for (const { field, upload } of received) {
      const rendition = await storeRendition(ctx, upload);
      stored.push(rendition);
      images.push({ field, url: rendition.url });
    }
    const primary = images.find((image) => image.field === "primary")?.url;
    const additional = images.filter((image) => image.field === "additional").map((image) => image.url);
    const result = await changeLockedProduct(ctx.db, id, (row) => {
      if (row.additionalImages.length + additional.length > MAX_ADDITIONAL_IMAGES) {
        throw new Refusal("too_many_images");
      }
      return {
        ...(primary ? { primaryImageUrl: primary } : {}),
        ...(additional.length > 0 ? { additionalImages: [...row.additionalImages, ...additional] } : {}),
      };
    });
    if (!result) throw notFound();
    if (primary) await removeFiles(ctx, filesOfImage(ctx, id, result.before.primaryImageUrl));
    return toAdminProduct(result.after);
  } catch (error) {
    await removeFiles(ctx, stored);
    throw error;
  }
}

/** DELETE /api/admin/products/:id/images {url}: the primary or an additional image, and its files. */
export async function removeProductImage(
  ctx: ServiceContext,
  id: string,
  url: string,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw notFound();
  const result = await changeLockedProduct(ctx.db, id, (row) => {
    if (row.primaryImageUrl === url) return { primaryImageUrl: null };
    if (row.additionalImages.includes(url)) {
      return { additionalImages: row.additionalImages.filter((image) => image !== url) };
    }
    throw new Refusal("image_not_found");
  });
  if (!result) throw notFound();
  await removeFiles(ctx, filesOfImage(ctx, id, url));
  return toAdminProduct(result.after);
}

/** A certificate we stored for this product (`{id}-coa-…`); seeded or foreign URLs are left alone. */
function filesOfCertificate(ctx: ServiceContext, row: ProductRow): { bucket: string; name: string }[] {
  const prefix = `${ctx.storage.urlBase}/product-documents/`;
  if (!row.coaUrl?.startsWith(`${prefix}${row.id}-coa-`)) return [];
  return [{ bucket: "product-documents", name: row.coaUrl.slice(prefix.length) }];
}

/**
 * POST /api/admin/products/:id/certificate: multipart `file` (PDF, JPEG or PNG by content) stored
 * as `{id}-coa-{timestamp}.{ext}`; the product's coaUrl points at it and the previous one is removed.
 */
export async function storeCertificate(
  ctx: ServiceContext,
  id: string,
  form: IncomingForm,
): Promise<AdminProduct> {
  await assertProduct(ctx, id);
  const upload = await storeUpload(form, ctx, "certificate", { owner: id, at: stamp(ctx)() });
  try {
    const result = await changeLockedProduct(ctx.db, id, () => ({ coaUrl: upload.url }));
    if (!result) throw notFound();
    await removeFiles(ctx, filesOfCertificate(ctx, result.before));
    return toAdminProduct(result.after);
  } catch (error) {
    await removeFiles(ctx, [upload]);
    throw error;
  }
}
