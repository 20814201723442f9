import { createRoute } from "@hono/zod-openapi";
import { adminProductMessages, adminProductResultSchema } from "#api/contracts/admin-products";
import { MAX_ADDITIONAL_PER_UPLOAD, removeImageSchema } from "#api/contracts/product-files";
import { removeProductImage, storeCertificate, storeProductImages } from "#api/domain/catalogue";
import type { ServiceContext } from "#api/domain/context";
import { multipartFiles, multipartForm } from "../multipart";
import {
  access,
  answers,
  idParams,
  jsonBody,
  openApiRouter,
  refusals,
  STAFF,
  uploadBody,
} from "./openapi-route";

const params = idParams(adminProductMessages.notFound);

const image = { type: "string" as const, format: "binary" };

/**
 * The images' multipart parts (`primary`, `additional`), streamed by the upload pipeline: a plain
 * schema, so no validator reads the body.
 */
const imagesBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: {
          primary: image,
          additional: { type: "array" as const, items: image, maxItems: MAX_ADDITIONAL_PER_UPLOAD },
        },
      },
    },
  },
};

const uploadImagesRoute = createRoute({
  method: "post",
  path: "/{id}/images",
  summary: `Upload images: multipart \`primary\` (one) and \`additional\` (up to ${MAX_ADDITIONAL_PER_UPLOAD}; 20 per product), png/jpeg/webp/gif by content, at most 10MB each, named {id}-{timestamp}.{ext}; each gets an 800 px wide WebP rendition ({name}.800w.webp), whose URL the product lists. All of a request's files are stored or none.`,
  description: access(STAFF),
  request: { params, body: imagesBody },
  responses: {
    200: answers(adminProductResultSchema),
    ...refusals(400, 401, 403, 404, 413, 415, 422),
  },
});

const removeImageRoute = createRoute({
  method: "delete",
  path: "/{id}/images",
  summary: "Remove the primary or an additional image by its URL, and its files",
  description: access(STAFF),
  request: { params, body: jsonBody(removeImageSchema) },
  responses: { 200: answers(adminProductResultSchema), ...refusals(400, 401, 403, 404) },
});

const uploadCertificateRoute = createRoute({
  method: "post",
  path: "/{id}/certificate",
  summary:
    "Upload the certificate of analysis: multipart `file`, pdf/jpg/png by content, at most 10MB, named {id}-coa-{timestamp}.{ext}; replaces the previous one",
  description: access(STAFF),
  request: { params, body: uploadBody() },
  responses: { 200: answers(adminProductResultSchema), ...refusals(400, 401, 403, 404, 413, 415) },
});

/**
 * A product's images and certificate; routed inside adminProductRoutes, so staff only. The uploads
 * are handed to the domain as their multipart parts, read as they stream (api/http/multipart.ts).
 */
export const adminProductFileRoutes = (ctx: ServiceContext) =>
  openApiRouter()
    .openapi(uploadImagesRoute, async (c) =>
      c.json(
        {
          product: await storeProductImages(
            ctx,
            c.req.valid("param").id,
            multipartFiles(c.req.raw, "productImage", 1 + MAX_ADDITIONAL_PER_UPLOAD),
          ),
        },
        200,
      ),
    )
    .openapi(removeImageRoute, async (c) =>
      c.json(
        { product: await removeProductImage(ctx, c.req.valid("param").id, c.req.valid("json").url) },
        200,
      ),
    )
    .openapi(uploadCertificateRoute, async (c) =>
      c.json(
        {
          product: await storeCertificate(
            ctx,
            c.req.valid("param").id,
            multipartForm(c.req.raw, "certificate"),
          ),
        },
        200,
      ),
    );
