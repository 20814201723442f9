import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarResultSchema } from "#api/contracts/account";
import { LocalStorage } from "#api/domain/ports/local-storage";
import { byteRange } from "#api/http/routes/media";
import { bearer, createMember, TestClock } from "../helpers/accounts";
import { type FakeS3, fakeS3Env, startFakeS3 } from "../helpers/fake-s3";
import { encodeMultipart } from "../helpers/multipart";
import { startTestApp, type TestApp } from "../helpers/test-app";

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
  Buffer.alloc(2000, 7),
]);

const expectSandboxed = (res: Response) => {
  expect(res.headers.get("content-security-policy")).toBe(SANDBOX);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
};

async function uploadAvatar(t: TestApp, token: string, bytes: Uint8Array) {
  const { bytes: body, contentType } = await encodeMultipart(bytes, { name: "me.png", type: "image/png" });
  return t.app.request("/api/me/avatar", {
    method: "POST",
    headers: { ...bearer(token), "content-type": contentType },
    body: new Blob([new Uint8Array(body)]),
  });
}

describe("GET /media/<bucket>/<name> on local disk", () => {
  let t: TestApp;
  const path = "/media/product-images/art.svg";
  beforeAll(async () => {
    t = await startTestApp();
    // As the demo seed writes its artwork: by the server, not uploaded.
    await t.services.storage.put("product-images", "art.svg", SVG, "image/svg+xml");
  });
  afterAll(() => t.close());

  it("serves a stored SVG whole with the sandbox CSP, over the app's own secure headers", async () => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("content-length")).toBe(String(SVG.length));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(SVG);
    expectSandboxed(res);
    // The app's pages keep their own policy.
    const health = await t.app.request("/api/health");
    expect(health.headers.get("content-security-policy")).not.toContain("sandbox");
  });

  it("serves members-only files (the feed's attachments, members' pictures) private: no shared cache keeps them", async () => {
    const cases = [
      ["message-images", "private, max-age=3600"],
      ["avatars", "private, max-age=3600"],
      ["product-images", "public, max-age=3600"],
      ["channel-assets", "public, max-age=3600"],
    ] as const;
    for (const [bucket, cacheControl] of cases) {
      await t.services.storage.put(bucket, "cache/x.png", PNG, "image/png");
      for (const headers of [{}, { range: "bytes=0-3" }] as Record<string, string>[]) {
        const res = await t.app.request(`/media/${bucket}/cache/x.png`, { headers });
        expect(res.headers.get("cache-control"), bucket).toBe(cacheControl);
        const etag = res.headers.get("etag") ?? "";
        const again = await t.app.request(`/media/${bucket}/cache/x.png`, {
          headers: { "if-none-match": etag },
        });
        expect(again.status).toBe(304);
        expect(again.headers.get("cache-control"), bucket).toBe(cacheControl);
      }
    }
  });

  it("keeps the sandbox on 304, 206, 416, HEAD and 404 answers", async () => {
    const etag = (await t.app.request(path)).headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const notModified = await t.app.request(path, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expectSandboxed(notModified);

    const partial = await t.app.request(path, { headers: { range: "bytes=5-14" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 5-14/${SVG.length}`);
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(SVG.slice(5, 15));
    expectSandboxed(partial);

    const unsatisfiable = await t.app.request(path, { headers: { range: `bytes=${SVG.length}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${SVG.length}`);
    expectSandboxed(unsatisfiable);

    const head = await t.app.request(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(SVG.length));
    expectSandboxed(head);

    for (const missing of ["/media/product-images/none.svg", "/media/nowhere/x.png", "/media/x"]) {
      const res = await t.app.request(missing);
      expect(res.status).toBe(404);
      expectSandboxed(res);
    }
  });

  it("refuses links under the media folder: a linked file or folder answers 404 and reads nothing", async () => {
    const outside = join(t.dataDir, "outside");
    mkdirSync(join(outside, "folder"), { recursive: true });
    writeFileSync(join(outside, "secret.svg"), "secret");
    writeFileSync(join(outside, "folder", "secret.svg"), "secret");
    const media = join(t.dataDir, "media", "product-images");
    symlinkSync(join(outside, "secret.svg"), join(media, "linked.svg"));
    symlinkSync(join(outside, "folder"), join(media, "linked-folder"));
    // Even a link to a stored file: the rule is about links, not where they point.
    symlinkSync("art.svg", join(media, "alias.svg"));
    for (const name of ["linked.svg", "linked-folder/secret.svg", "alias.svg"]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await t.app.request(`/media/product-images/${name}`, { method });
        expect(res.status, `${method} ${name}`).toBe(404);
        expectSandboxed(res);
      }
      await expect(t.services.storage.read("product-images", name)).rejects.toThrow("No stored file");
    }
    expect((await t.app.request(path)).status).toBe(200);

    // A media folder that is itself a link (a volume mounted elsewhere) is the operator's choice.
    const elsewhere = join(t.dataDir, "elsewhere");
    symlinkSync(join(t.dataDir, "media"), elsewhere);
    expect(await new LocalStorage(elsewhere).stat("product-images", "art.svg")).toMatchObject({
      size: SVG.length,
    });
  });
});

describe("byteRange", () => {
  it.each([
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-200", 100, { start: 90, end: 99 }],
    ["bytes=95-", 100, { start: 95, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=9-3", 100, undefined],
    ["bytes=0-1,5-6", 100, undefined],
    ["items=0-1", 100, undefined],
    [undefined, 100, undefined],
  ])("%s of %d bytes", (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});

describe("STORAGE=s3", () => {
  let s3: FakeS3;
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await startTestApp({ env: fakeS3Env(s3, "shop-media"), now: clock.now });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("stores an avatar in the bucket, serves it under /media (Range too), and removes the old one", async () => {
    const member = await createMember(t);
    const first = avatarResultSchema.parse(await (await uploadAvatar(t, member.token, PNG)).json());
    const name = `${member.userId}/${member.userId}-${clock.ms}.png`;
    expect(first.avatarUrl).toBe(`/media/avatars/${name}`);
    expect(s3.keys()).toEqual([`shop-media/avatars/${name}`]);
    expect(s3.object(`shop-media/avatars/${name}`)?.contentType).toBe("image/png");

    const served = await t.app.request(first.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expectSandboxed(served);
    const partial = await t.app.request(first.avatarUrl, { headers: { range: "bytes=0-7" } });
    expect(partial.status).toBe(206);
    expect(Buffer.from(await partial.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);
    expect((await t.app.request("/media/avatars/nobody/none.png")).status).toBe(404);

    // The bucket keeps the same caching rule for when it serves the file itself (S3_PUBLIC_URL).
    expect(s3.object(`shop-media/avatars/${name}`)?.cacheControl).toBe("private, max-age=3600");
    expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
    await t.services.storage.put("message-images", "a/b.png", PNG, "image/png");
    await t.services.storage.put("product-images", "c.png", PNG, "image/png");
    expect(s3.object("shop-media/message-images/a/b.png")?.cacheControl).toBe("private, max-age=3600");
    expect(s3.object("shop-media/product-images/c.png")?.cacheControl).toBe("public, max-age=3600");
    await t.services.storage.remove("message-images", "a/b.png");
    await t.services.storage.remove("product-images", "c.png");

    clock.advance(1000);
    const second = avatarResultSchema.parse(await (await uploadAvatar(t, member.token, PNG)).json());
    expect(s3.keys()).toEqual([`shop-media${second.avatarUrl.slice("/media".length)}`]);
  });

  it("with S3_PUBLIC_URL, stored files get URLs there and old ones are still removed", async () => {
    const cdn = await startTestApp({
      env: { ...fakeS3Env(s3, "cdn-media"), S3_PUBLIC_URL: "https://cdn.example.com/shop/" },
      now: clock.now,
    });
    try {
      const member = await createMember(cdn);
      const first = avatarResultSchema.parse(await (await uploadAvatar(cdn, member.token, PNG)).json());
      expect(first.avatarUrl).toBe(
        `https://cdn.example.com/shop/avatars/${member.userId}/${member.userId}-${clock.ms}.png`,
      );
      clock.advance(1000);
      await uploadAvatar(cdn, member.token, PNG);
      expect(s3.keys().filter((key) => key.startsWith("cdn-media/"))).toEqual([
        `cdn-media/avatars/${member.userId}/${member.userId}-${clock.ms}.png`,
      ]);
    } finally {
      await cdn.close();
    }
  });
});
