import { z } from "zod";

/** Files sent with one POST /api/admin/products/:id/images: one primary, up to this many additional. */
export const MAX_ADDITIONAL_PER_UPLOAD = 10;
/** A product's additional images in all. */
export const MAX_ADDITIONAL_IMAGES = 20;
/** The catalogue's WebP rendition of every product image is this wide (never wider than the original). */
export const RENDITION_WIDTH = 800;

// Ours: the original product gives no limits on product images.
export const productFileMessages = {
  tooManyFiles: `At most ${MAX_ADDITIONAL_PER_UPLOAD} additional images at a time`,
  tooManyImages: `A product can have at most ${MAX_ADDITIONAL_IMAGES} additional images`,
  imageNotFound: "Image not found",
} as const;

/** DELETE /api/admin/products/:id/images: the image's URL, as the product lists it. */
export const removeImageSchema = z.object({ url: z.string().min(1).max(1000) });
