import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema } from "#api/contracts/health";
import { createApp } from "#api/http/app";
import { ConfigError, loadConfig } from "#api/process/config";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  // With METRICS_TOKEN: GET /metrics is served, and documented.
  t = await startTestApp({ env: { METRICS_TOKEN: "platform-metrics-token" } });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database kind", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(healthSchema.parse(await res.json())).toEqual({
      ok: true,
      db: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
  });
});

describe("GET /api/openapi.json", () => {
  it("documents exactly the routes the router serves", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const served = new Set(
      t.app.routes
        .filter((r) => (r.path.startsWith("/api/") || r.path === "/metrics") && r.method !== "ALL")
        .map((r) => `${r.method.toLowerCase()} ${r.path}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    expect([...served].sort()).toEqual([...documented].sort());
    expect(Object.keys(doc.paths)).toContain("/api/products/{id}");
  });

  it("lists a route's query parameters", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<string, { parameters: { name: string; in: string; required: boolean }[] }>
      >;
    };
    const parameters = doc.paths["/api/admin/users"]?.get?.parameters;
    expect(parameters?.map((p) => `${p.in} ${p.name}${p.required ? "" : "?"}`)).toEqual([
      "query filter?",
      "query search?",
      "query page?",
      "query pageSize?",
    ]);
    expect(doc.paths["/api/admin/products"]?.get?.parameters.map((p) => p.name)).toContain("search");
  });

  it("documents readiness's 503 with the readiness body, not the error shape", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const responses = doc.paths["/api/ready"]?.get?.responses ?? {};
    const schemaOf = (status: string) =>
      (responses[status] as { content: Record<string, { schema: unknown }> } | undefined)?.content[
        "application/json"
      ]?.schema;
    expect(schemaOf("503")).toEqual(schemaOf("200"));
    expect(schemaOf("503")).toMatchObject({ properties: { failed: { type: "array" } } });
  });
});

describe("errors", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("lets Telegram Web frame the app but nobody else", async () => {
    const res = await t.app.request("/api/health");
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain(
      "frame-ancestors 'self' https://web.telegram.org",
    );
  });
});

describe("static Mini App", () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "static-"));
    await mkdir(join(dir, "assets"));
    await writeFile(join(dir, "index.html"), "<!doctype html><title>shop</title>");
    await writeFile(join(dir, "assets", "main-abc123.js"), "console.log(1)");
    app = createApp({ ...t.services, staticDir: dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("serves hashed assets as immutable", async () => {
    const res = await app.request("/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it.each(["/", "/product/123", "/settings/profile", "/no/such/page"])(
    "falls back to index.html for %s",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>shop</title>");
      expect(res.headers.get("cache-control")).toMatch(/no-cache|must-revalidate/);
    },
  );

  it("still answers unknown API paths as JSON", async () => {
    expect((await app.request("/api/unknown")).status).toBe(404);
  });
});

describe("configuration", () => {
  it("uses sensible defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    // Demo products and policies are a demo's choice, never a production default.
    expect(config.SEED_DEMO_DATA).toBe(false);
  });

  it("names every bad variable in one readable error", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(
      /PORT:.*\n.*DATABASE_URL: must be a postgres:\/\/\S+ URL/s,
    );
  });
});
