import { readdir } from "node:fs/promises";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarResultSchema } from "#api/contracts/account";
import { meSchema } from "#api/contracts/me";
import { incompleteUploadMessage } from "#api/http/multipart";
import { createHttpServer } from "#api/http/server";
import { bearer, createMember, errorOf, TestClock } from "../helpers/accounts";
import { encodeMultipart, streamOf } from "../helpers/multipart";
import { GIF, JPEG, MB, PNG, padded, WEBP } from "../helpers/sample-files";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t.close());

/** A multipart upload arriving in network-sized pieces (or in one piece with chunkSize Infinity). */
async function upload(
  token: string,
  bytes: Buffer,
  options: { field?: string; name?: string; type?: string; chunkSize?: number } = {},
) {
  const { bytes: whole, contentType } = await encodeMultipart(bytes, {
    type: options.type ?? "image/png",
    name: options.name ?? "me.png",
    ...(options.field ? { field: options.field } : {}),
  });
  const size = Math.min(options.chunkSize ?? 64 * 1024, whole.length || 1);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= whole.length) {
        controller.close();
        return;
      }
      controller.enqueue(whole.slice(offset, offset + size));
      offset += size;
    },
  });
  return t.app.request("/api/me/avatar", {
    method: "POST",
    body,
    duplex: "half",
    headers: { ...bearer(token), "content-type": contentType },
  } as RequestInit);
}

async function storedFiles(userId: string): Promise<string[]> {
  return readdir(join(t.dataDir, "media", "avatars", userId)).catch(() => []);
}

describe("POST /api/me/avatar", () => {
  it.each([
    ["png", PNG, "image/png"],
    ["jpg", JPEG, "image/jpeg"],
    ["gif", GIF, "image/gif"],
    ["webp", WEBP, "image/webp"],
  ])("stores a %s as {userId}/{userId}-{timestamp}.{ext} and serves it", async (ext, head, mime) => {
    const member = await createMember(t);
    // The declared type and name lie; the bytes decide.
    const res = await upload(member.token, padded(head, 2048), {
      type: "application/octet-stream",
      name: "x.bin",
    });
    expect(res.status).toBe(200);
    const body = avatarResultSchema.parse(await res.json());
    expect(body.avatarUrl).toBe(`/media/avatars/${member.userId}/${member.userId}-${clock.ms}.${ext}`);
    expect(body.user.avatarUrl).toBe(body.avatarUrl);
    const served = await t.app.request(body.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(mime);
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, head.length)).toEqual(head);
  });

  it("accepts exactly 5MB, and a new avatar replaces the old file", async () => {
    const member = await createMember(t);
    const first = avatarResultSchema.parse(await (await upload(member.token, padded(PNG, 5 * MB))).json());
    clock.advance(1000);
    const second = avatarResultSchema.parse(await (await upload(member.token, padded(JPEG, 1000))).json());
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(await storedFiles(member.userId)).toEqual([second.avatarUrl.split("/").at(-1)]);
  });

  it.each([
    ["as it streams in", 64 * 1024],
    ["in one piece", Number.POSITIVE_INFINITY],
  ])("413 'Image must be less than 5MB' above 5MB (%s), and nothing is stored", async (_how, chunkSize) => {
    const member = await createMember(t);
    const res = await upload(member.token, padded(PNG, 5 * MB + 1), { chunkSize });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: "too_large", message: "Image must be less than 5MB" });
    expect(await storedFiles(member.userId)).toEqual([]);
    const me = meSchema.parse(
      await (await t.app.request("/api/me", { headers: bearer(member.token) })).json(),
    );
    expect(me.avatarUrl).toBeNull();
  });

  it("413 at once when the declared length is far too big", async () => {
    const member = await createMember(t);
    const form = new FormData();
    form.append("file", new Blob([PNG]), "me.png");
    const request = new Request("http://localhost/api/me/avatar", { method: "POST", body: form });
    const res = await t.app.request("/api/me/avatar", {
      method: "POST",
      body: request.body,
      duplex: "half",
      headers: {
        ...bearer(member.token),
        "content-type": request.headers.get("content-type") ?? "",
        "content-length": String(50 * MB),
      },
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it.each([
    ["text", Buffer.from("hello, this is not an image at all")],
    ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["pdf", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj")],
    ["empty", Buffer.alloc(0)],
  ])("415 'Please select an image file' for %s, and nothing is stored", async (_kind, bytes) => {
    const member = await createMember(t);
    const res = await upload(member.token, bytes, { type: "image/png", name: "fake.png" });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toEqual({
      code: "unsupported_media_type",
      message: "Please select an image file",
    });
    expect(await storedFiles(member.userId)).toEqual([]);
  });

  it("400 without a `file` field; 415 when the body is not multipart", async () => {
    const member = await createMember(t);
    const wrongField = await upload(member.token, PNG, { field: "avatar" });
    expect(wrongField.status).toBe(400);
    expect((await errorOf(wrongField)).message).toBe("Please select an image file");
    const json = await t.app.request("/api/me/avatar", {
      method: "POST",
      headers: { ...bearer(member.token), "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
  });

  it.each([
    ["declared as SVG", { type: "image/svg+xml", name: "me.png" }],
    ["named .svg", { type: "image/png", name: "me.svg" }],
    ["named .html", { type: "image/png", name: "me.html" }],
  ])("415 for a PNG %s: markup is never stored, whatever the bytes", async (_how, options) => {
    const member = await createMember(t);
    const res = await upload(member.token, padded(PNG, 2048), options);
    expect(res.status).toBe(415);
    expect(await storedFiles(member.userId)).toEqual([]);
  });

  it("400 (not 500) for a multipart body cut short, and nothing is stored", async () => {
    const member = await createMember(t);
    const encoded = await encodeMultipart(padded(PNG, 300 * 1024), { name: "me.png" });
    for (const stopAt of [100, 200 * 1024]) {
      const res = await t.app.request("/api/me/avatar", {
        method: "POST",
        body: streamOf(encoded.bytes, { stopAt }),
        duplex: "half",
        headers: { ...bearer(member.token), "content-type": encoded.contentType },
      } as RequestInit);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "bad_request", message: incompleteUploadMessage });
    }
    expect(await storedFiles(member.userId)).toEqual([]);
  });

  it("a client that goes away mid-upload leaves nothing behind (over HTTP)", async () => {
    const member = await createMember(t);
    const server: Server = await createHttpServer(t.app, t.services);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const encoded = await encodeMultipart(padded(PNG, 4 * MB), { name: "me.png" });
      const req = httpRequest({
        port: (server.address() as AddressInfo).port,
        host: "127.0.0.1",
        path: "/api/me/avatar",
        method: "POST",
        headers: {
          ...bearer(member.token),
          "content-type": encoded.contentType,
          "content-length": encoded.bytes.length,
        },
      });
      req.on("error", () => {});
      req.write(encoded.bytes.subarray(0, 1 * MB));
      // The half-written file exists while the upload is under way...
      await eventually(async () => {
        const entries = await readdir(join(t.dataDir, "media", "avatars", member.userId));
        expect(entries.some((entry) => entry.endsWith(".part"))).toBe(true);
      });
      req.destroy();
      // ...and is gone once the client has gone.
      await eventually(async () => expect(await storedFiles(member.userId)).toEqual([]));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("401 when not signed in", async () => {
    const form = new FormData();
    form.append("file", new Blob([PNG]), "me.png");
    const res = await t.app.request("/api/me/avatar", { method: "POST", body: form });
    expect(res.status).toBe(401);
  });
});
