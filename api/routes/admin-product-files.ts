import { Hono } from "hono";
import type { AppEnv } from "../auth/middleware";
import { adminProductMessages, adminProductResultSchema } from "../contracts/admin-products";
import { MAX_ADDITIONAL_PER_UPLOAD, removeImageSchema } from "../contracts/product-files";
import type { ServiceContext } from "../services/context";
import { removeProductImage, storeCertificate, storeProductImages } from "../services/product-files";
import type { RouteDoc } from "./route-doc";
import { idParam, valid } from "./validator";

const productId = idParam(adminProductMessages.notFound);

/** A product's images and certificate; routed inside adminProductRoutes, so staff only. */
export const adminProductFileRoutes = (ctx: ServiceContext) =>
  new Hono<AppEnv>()
    .post("/:id/images", productId, async (c) =>
      c.json({ product: await storeProductImages(ctx, c.req.valid("param").id, c.req.raw) }, 200),
    )
    .delete("/:id/images", productId, valid("json", removeImageSchema), async (c) =>
      c.json(
        { product: await removeProductImage(ctx, c.req.valid("param").id, c.req.valid("json").url) },
        200,
      ),
    )
    .post("/:id/certificate", productId, async (c) =>
      c.json({ product: await storeCertificate(ctx, c.req.valid("param").id, c.req.raw) }, 200),
    );

const STAFF = "staff (admin, moderator, employee)";

export const adminProductFileDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/admin/products/:id/images",
    summary: `Upload images: multipart \`primary\` (one) and \`additional\` (up to ${MAX_ADDITIONAL_PER_UPLOAD}; 20 per product), png/jpeg/webp/gif by content, at most 10MB each, named {id}-{timestamp}.{ext}; each gets an 800 px wide WebP rendition ({name}.800w.webp), whose URL the product lists. All of a request's files are stored or none.`,
    access: STAFF,
    bodyType: "multipart/form-data",
    response: adminProductResultSchema,
    errors: [400, 401, 403, 404, 413, 415, 422],
  },
  {
    method: "delete",
    path: "/api/admin/products/:id/images",
    summary: "Remove the primary or an additional image by its URL, and its files",
    access: STAFF,
    body: removeImageSchema,
    response: adminProductResultSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: "post",
    path: "/api/admin/products/:id/certificate",
    summary:
      "Upload the certificate of analysis: multipart `file`, pdf/jpg/png by content, at most 10MB, named {id}-coa-{timestamp}.{ext}; replaces the previous one",
    access: STAFF,
    bodyType: "multipart/form-data",
    response: adminProductResultSchema,
    errors: [400, 401, 403, 404, 413, 415],
  },
];
