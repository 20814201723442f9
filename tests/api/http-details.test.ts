import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#api/http/app";
import { SESSION_COOKIE } from "#api/http/middleware/cookies";
import { bearer, createMember, jsonRequest, post } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "static-"));
  await mkdir(join(dir, "assets"));
  await mkdir(join(dir, ".vite"));
  await writeFile(
    join(dir, "index.html"),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>shop</title></head><body></body></html>',
  );
  await writeFile(join(dir, "assets", "main-abc123.js"), "console.log(1)");
  await writeFile(join(dir, ".vite", "manifest.json"), '{"index.html":{}}');
  app = createApp({ ...t.services, staticDir: dir });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe("the built Mini App", () => {
  it("serves an existing hashed asset as immutable", async () => {
    const res = await app.request("/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/assets/main-old999.js", "/assets/index-gone.css", "/assets/deep/missing.js", "/assets/"])(
    "answers a missing asset %s with 404, not the page and not immutable",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("<title>shop</title>");
      expect(res.headers.get("cache-control")).not.toContain("immutable");
    },
  );

  it.each(["/.vite/manifest.json", "/.vite/", "/.vite"])(
    "does not serve vite's manifest: %s",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("index.html");
    },
  );

  it("keeps the SPA fallback for the router's paths", async () => {
    const res = await app.request("/product/123");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>shop</title>");
  });
});

const directivesOf = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? "").split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );

describe("Content-Security-Policy", () => {
  it.each(["/", "/api/health", "/api/products"])(
    "on %s allows own scripts only, no plugins, no <base>",
    async (path) => {
      const directives = directivesOf((await app.request(path)).headers.get("content-security-policy"));
      // Whatever is not named below comes from our own origin only; forms post only here.
      expect(directives["default-src"]).toBe("'self'");
      expect(directives["form-action"]).toBe("'self'");
      // Inline styles: the first paint's <style>, and those the UI kit and Telegram's SDK add.
      expect(directives["style-src"]).toBe("'self' 'unsafe-inline'");
      // Pictures chosen before an upload are blob: URLs.
      expect(directives["img-src"]).toBe("'self' data: blob:");
      expect(directives["media-src"]).toBe("'self' blob:");
      // Own files, and the first paint's theme script by its hash.
      expect(directives["script-src"]).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+={0,2}'$/);
      expect(directives["object-src"]).toBe("'none'");
      expect(directives["base-uri"]).toBe("'none'");
      // Telegram Web shows the Mini App in its iframe.
      expect(directives["frame-ancestors"]).toBe("'self' https://web.telegram.org https://*.telegram.org");
      // Frames: YouTube's privacy-enhanced player only (feed embeds).
      expect(directives["frame-src"]).toBe("https://www.youtube-nocookie.com");
    },
  );
  it("lets images and video come from the bucket's public address when S3_PUBLIC_URL serves them", async () => {
    const cdn = createApp({
      ...t.services,
      config: { ...t.services.config, S3_PUBLIC_URL: "https://cdn.example.com/shop/" },
      staticDir: undefined,
    });
    const res = await cdn.request("/api/health");
    const directives = directivesOf(res.headers.get("content-security-policy"));
    expect(directives["img-src"]).toBe("'self' data: blob: https://cdn.example.com");
    expect(directives["media-src"]).toBe("'self' blob: https://cdn.example.com");
  });
});

describe("the first paint's theme script", () => {
  it("is the page's one inline script, first in <head>, and the CSP allows exactly it", async () => {
    for (const path of ["/", "/product/123", "/settings"]) {
      const res = await app.request(path);
      const html = await res.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
      expect(inline).toHaveLength(1);
      expect(html.indexOf("<script>")).toBeLessThan(html.indexOf("<title>"));
      const hash = `'sha256-${createHash("sha256")
        .update(inline[0] ?? "")
        .digest("base64")}'`;
      expect(res.headers.get("content-security-policy")).toContain(`script-src 'self' ${hash}`);
    }
  });
});

describe("Cache-Control on /api", () => {
  it("is no-store on every answer that depends on the session", async () => {
    const member = await createMember(t);
    const admin = await createMember(t, { roles: ["admin"] });
    const answers = [
      await t.app.request("/api/me", { headers: bearer(member.token) }),
      await t.app.request("/api/me"),
      await t.app.request("/api/me/roles", { headers: bearer(member.token) }),
      await t.app.request("/api/me/orders", { headers: bearer(member.token) }),
      await t.app.request("/api/me", jsonRequest("PATCH", { fullName: "N" }, bearer(member.token))),
      await t.app.request("/api/auth/login", post({ email: member.email, password: member.password })),
      await t.app.request("/api/auth/login", post({ email: member.email, password: "wrong-Password1" })),
      await t.app.request("/api/auth/logout", { method: "POST", headers: bearer(admin.token) }),
      await t.app.request("/api/admin/users", { headers: bearer(member.token) }),
      await t.app.request("/api/health"),
    ];
    const adminSession = await createMember(t, { roles: ["admin"] });
    answers.push(await t.app.request("/api/admin/users", { headers: bearer(adminSession.token) }));
    for (const res of answers) expect(res.headers.get("cache-control"), res.url).toBe("no-store");

    const stream = await t.app.request("/api/events", { headers: bearer(member.token) });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("cache-control")).toMatch(/^no-store\b/);
    await stream.body?.cancel();
  });

  it("keeps revalidation for the public catalogue, channel and legal texts", async () => {
    const member = await createMember(t);
    for (const path of ["/api/products", "/api/channel", "/api/legal/terms"]) {
      for (const headers of [{}, bearer(member.token)]) {
        const res = await t.app.request(path, { headers });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toBe("no-cache");
      }
    }
    const list = await t.app.request("/api/products");
    const etag = list.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await t.app.request("/api/products", { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("the web session cookie", () => {
  it("is __Host-: Secure, Path=/, no Domain, HttpOnly, and the only cookie a session is read from", async () => {
    expect(SESSION_COOKIE).toBe("__Host-session");
    const member = await createMember(t);
    const res = await t.app.request(
      "/api/auth/login",
      post({ email: member.email, password: member.password }),
    );
    const [cookie = ""] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = /^__Host-session=([^;]+)/.exec(cookie)?.[1] ?? "";

    expect((await t.app.request("/api/me", { headers: { cookie: `__Host-session=${token}` } })).status).toBe(
      200,
    );
    // The old, unprefixed name no longer signs anyone in.
    expect((await t.app.request("/api/me", { headers: { cookie: `session=${token}` } })).status).toBe(401);

    const logout = await t.app.request("/api/auth/logout", {
      method: "POST",
      headers: { cookie: `__Host-session=${token}`, origin: "http://localhost" },
    });
    expect(logout.headers.getSetCookie().join()).toMatch(/^__Host-session=;.*Max-Age=0.*Path=\/.*Secure/i);
  });
});
