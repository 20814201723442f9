import { z } from "zod";
import {
  ageVerificationSchema,
  avatarResultSchema,
  changePasswordSchema,
  deleteAccountSchema,
  deletedSchema,
  ownOrdersSchema,
  rolesResponseSchema,
  telegramLinkSchema,
  updateProfileSchema,
} from "./contracts/account";
import { adminUserListSchema, setRoleResultSchema, setRoleSchema } from "./contracts/admin";
import {
  loginSchema,
  okSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionSchema,
  signUpSchema,
  telegramAuthSchema,
} from "./contracts/auth";
import { channelInfoSchema } from "./contracts/channel";
import { apiErrorSchema } from "./contracts/errors";
import { healthSchema } from "./contracts/health";
import { legalDocumentSchema } from "./contracts/legal";
import { meSchema } from "./contracts/me";
import { productListSchema, productSchema } from "./contracts/products";

export interface RouteDoc {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Hono path syntax (/products/:id); converted to OpenAPI's {id}. */
  path: string;
  summary: string;
  /** Who may call it, shown in the description. */
  access: string;
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: number;
  contentType?: string;
  /** A JSON request body, or multipart when bodyType says so. */
  body?: z.ZodType;
  bodyType?: "application/json" | "multipart/form-data";
  errors?: number[];
}

/** Every /api route. A test compares this list with the router's, so nothing goes undocumented. */
export const routeDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness and database kind",
    access: "anyone",
    response: healthSchema,
  },
  { method: "get", path: "/api/openapi.json", summary: "This document", access: "anyone" },
  {
    method: "get",
    path: "/api/channel",
    summary: "Public channel info with the spec's defaults",
    access: "anyone",
    response: channelInfoSchema,
  },
  {
    method: "get",
    path: "/api/products",
    summary: "Active catalogue, newest first (ETag / 304)",
    access: "anyone",
    response: productListSchema,
  },
  {
    method: "get",
    path: "/api/products/:id",
    summary: "One active product (ETag / 304)",
    access: "anyone",
    response: productSchema,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/events",
    summary: "Server-Sent Events: `change` events {table, op, id}; feed events only for members",
    access: "anyone",
    contentType: "text/event-stream",
  },
  {
    method: "get",
    path: "/api/legal/:type",
    summary: "Active legal document (terms, privacy, refund, shipping, cancellation), newest version",
    access: "anyone",
    response: legalDocumentSchema,
    errors: [404],
  },
  {
    method: "post",
    path: "/api/auth/telegram",
    summary: "Sign in with the Mini App's raw initData; creates the account on first launch",
    access: "anyone",
    body: telegramAuthSchema,
    response: sessionSchema,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/auth/signup",
    summary: "Web sign-up (email, password, 21+ confirmation); sets the session cookie",
    access: "anyone",
    body: signUpSchema,
    response: sessionSchema,
    status: 201,
    errors: [400, 409],
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Web login; sets the session cookie",
    access: "anyone",
    body: loginSchema,
    response: sessionSchema,
    errors: [400, 401, 429],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Ends the presented session and clears the cookie",
    access: "anyone",
    response: okSchema,
  },
  {
    method: "post",
    path: "/api/auth/password-reset",
    summary: "Sends a reset link if the email has an account; the same answer either way",
    access: "anyone",
    body: passwordResetRequestSchema,
    response: okSchema,
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/auth/password-reset/confirm",
    summary: "Sets a new password with a reset token and ends every session",
    access: "anyone",
    body: passwordResetConfirmSchema,
    response: okSchema,
    errors: [400, 429],
  },
  {
    method: "get",
    path: "/api/me",
    summary: "Own account",
    access: "signed in",
    response: meSchema,
    errors: [401],
  },
  {
    method: "patch",
    path: "/api/me",
    summary: "Update full name",
    access: "signed in",
    body: updateProfileSchema,
    response: meSchema,
    errors: [400, 401],
  },
  {
    method: "delete",
    path: "/api/me",
    summary: "Delete the account for good (confirm with the email, or DELETE without one)",
    access: "signed in",
    body: deleteAccountSchema,
    response: deletedSchema,
    errors: [400, 401, 422],
  },
  {
    method: "get",
    path: "/api/me/roles",
    summary: "Own staff roles",
    access: "signed in",
    response: rolesResponseSchema,
    errors: [401],
  },
  {
    method: "get",
    path: "/api/me/orders",
    summary: "Own orders, newest first",
    access: "signed in",
    response: ownOrdersSchema,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/me/avatar",
    summary: "Upload an avatar: multipart field `file`, png/jpeg/webp/gif by content, at most 5MB",
    access: "signed in",
    bodyType: "multipart/form-data",
    response: avatarResultSchema,
    errors: [400, 401, 413, 415],
  },
  {
    method: "post",
    path: "/api/me/age-verification",
    summary: "Confirm being 21 or older",
    access: "signed in",
    body: ageVerificationSchema,
    response: meSchema,
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/me/password",
    summary: "Change the password (current one checked), or set a first one for a Telegram-only account",
    access: "signed in",
    body: changePasswordSchema,
    response: meSchema,
    errors: [400, 401, 409, 422, 429],
  },
  {
    method: "post",
    path: "/api/me/telegram-link",
    summary: "One-time t.me deep link (15 minutes) that links Telegram to this account",
    access: "signed in",
    response: telegramLinkSchema,
    errors: [401, 409, 422],
  },
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Every user with their roles, oldest first",
    access: "admin",
    response: adminUserListSchema,
    errors: [401, 403],
  },
  {
    method: "put",
    path: "/api/admin/users/:id/role",
    summary: "Replace a user's roles with one role",
    access: "admin",
    body: setRoleSchema,
    response: setRoleResultSchema,
    errors: [400, 401, 403, 404, 422],
  },
];

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

export function buildOpenApi() {
  const errorSchema = z.toJSONSchema(apiErrorSchema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of routeDocs) {
    const params = [...doc.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const responses: Record<string, unknown> = {
      [doc.status ?? 200]: {
        description: "OK",
        content: {
          [doc.contentType ?? "application/json"]: doc.response
            ? { schema: z.toJSONSchema(doc.response) }
            : {},
        },
      },
    };
    for (const status of doc.errors ?? []) {
      responses[status] = { description: "Error", content: { "application/json": { schema: errorSchema } } };
    }
    let requestBody: unknown;
    if (doc.body) {
      requestBody = {
        required: true,
        content: {
          "application/json": { schema: z.toJSONSchema(doc.body, { io: "input", unrepresentable: "any" }) },
        },
      };
    } else if (doc.bodyType === "multipart/form-data") {
      requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { file: { type: "string", format: "binary" } },
              required: ["file"],
            },
          },
        },
      };
    }
    const openApiPath = toOpenApiPath(doc.path);
    paths[openApiPath] = {
      ...paths[openApiPath],
      [doc.method]: {
        summary: doc.summary,
        description: `Access: ${doc.access}`,
        parameters: params,
        ...(requestBody ? { requestBody } : {}),
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Members channel and shop API", version: "1.0.0" },
    paths,
  };
}
