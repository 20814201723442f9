import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadKindName } from "#api/contracts/uploads";
import { LocalStorage } from "#api/domain/ports/local-storage";
import type { MediaStorage } from "#api/domain/ports/media-storage";
import { S3Storage } from "#api/domain/ports/s3-storage";
import { Refusal } from "#api/domain/refusal";
import { storeForm, storeUpload, type UploadSink } from "#api/domain/uploads/upload-store";
import { fieldTooLargeMessage, incompleteUploadMessage, multipartForm } from "#api/http/multipart";
import { answerTo } from "#api/http/refusals";
import { createMetrics } from "#api/process/metrics";
import { type FakeS3, startFakeS3 } from "../helpers/fake-s3";
import { uploadRequest } from "../helpers/multipart";
import { HTML, MB, MOV, MP4, PDF, PNG, padded, SVG, WEBM } from "../helpers/sample-files";

const metrics = createMetrics();
const sink = (storage: MediaStorage) => ({ storage, metrics });

/** The pipeline end to end: the HTTP edge reads the multipart body, the domain stores its file. */
const receiveUpload = (
  request: Request,
  into: UploadSink,
  kind: UploadKindName,
  target: { owner: string; at: number; field?: string },
) => storeUpload(multipartForm(request, kind, target.field), into, kind, target);
const receiveForm = (
  request: Request,
  into: UploadSink,
  kind: UploadKindName,
  target: { owner: string; at: number },
) => storeForm(multipartForm(request, kind), into, kind, target);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

interface Backend {
  storage: MediaStorage;
  /** Every stored file or leftover part, wherever it is. */
  leftovers(): Promise<string[]>;
  bytesOf(bucket: string, name: string): Promise<Buffer>;
  /** S3: multipart uploads aborted so far (what lib-storage does when the body fails). */
  abortedUploads?: () => number;
}

let s3: FakeS3;
let root: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  root = await mkdtemp(join(tmpdir(), "uploads-"));
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const backends: [string, () => Promise<Backend>][] = [
  [
    "local disk",
    async () => {
      const dir = await mkdtemp(join(root, "media-"));
      return {
        storage: new LocalStorage(dir),
        leftovers: () => filesUnder(dir),
        bytesOf: (bucket, name) => readFile(join(dir, bucket, name)),
      };
    },
  ],
  [
    "S3",
    async () => {
      const bucket = `b${Math.random().toString(36).slice(2)}`;
      const mine = () => s3.keys().filter((key) => key.startsWith(`${bucket}/`));
      return {
        storage: new S3Storage({
          endpoint: s3.url,
          bucket,
          region: "us-east-1",
          accessKeyId: "test",
          secretAccessKey: "test",
        }),
        // Parts of an unfinished multipart upload count as left behind too.
        leftovers: async () => [
          ...mine(),
          ...Array.from({ length: s3.pendingUploads() }, () => "a pending upload"),
        ],
        bytesOf: async (b, name) => s3.object(`${bucket}/${b}/${name}`)?.body ?? Buffer.alloc(0),
        abortedUploads: () => s3.abortedUploads(),
      };
    },
  ],
];

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected a Refusal, got ${String(error)}`);
  const { status, code, message } = answerTo(error);
  return { status, code, message };
}

describe.each(backends)("upload pipeline on %s", (_label, makeBackend) => {
  const at = 1_700_000_000_000;

  it.each<[UploadKindName, Buffer, string, string]>([
    ["heroVideo", MP4, "channel-assets/hero-video-1700000000000.mp4", "video/mp4"],
    ["heroVideo", MOV, "channel-assets/hero-video-1700000000000.mov", "video/quicktime"],
    ["heroVideo", WEBM, "channel-assets/hero-video-1700000000000.webm", "video/webm"],
    ["logo", PNG, "channel-assets/logo-1700000000000.png", "image/png"],
    ["certificate", PDF, "product-documents/p1-coa-1700000000000.pdf", "application/pdf"],
    ["certificate", PNG, "product-documents/p1-coa-1700000000000.png", "image/png"],
    ["productImage", PNG, "product-images/p1-1700000000000.png", "image/png"],
    ["avatar", PNG, "avatars/p1/p1-1700000000000.png", "image/png"],
  ])("%s: stores by its magic bytes under its generated name (%s)", async (kind, head, path, type) => {
    const backend = await makeBackend();
    const bytes = padded(head, 3000);
    const stored = await receiveUpload(await uploadRequest(bytes), sink(backend.storage), kind, {
      owner: "p1",
      at,
    });
    expect(`${stored.bucket}/${stored.name}`).toBe(path);
    expect(stored.url).toBe(`/media/${path}`);
    expect(stored.contentType).toBe(type);
    expect(stored.size).toBe(bytes.length);
    expect(await backend.bytesOf(stored.bucket, stored.name)).toEqual(bytes);
  });

  it("a message attachment: a 12MB video is stored whole (in parts on S3), a 5MB+1 image is not", async () => {
    const backend = await makeBackend();
    const video = padded(MP4, 12 * MB);
    const stored = await receiveUpload(
      await uploadRequest(video),
      sink(backend.storage),
      "messageAttachment",
      {
        owner: "u1",
        at,
      },
    );
    expect(stored.name).toMatch(/^u1\/1700000000000-[0-9a-f]{8}\.mp4$/);
    expect((await backend.bytesOf(stored.bucket, stored.name)).equals(video)).toBe(true);
    const image = padded(PNG, 5 * MB + 1);
    expect(
      await refusal(
        receiveUpload(await uploadRequest(image), sink(backend.storage), "messageAttachment", {
          owner: "u1",
          at,
        }),
      ),
    ).toEqual({ status: 413, code: "too_large", message: "Image must be less than 5MB" });
    expect(await backend.leftovers()).toHaveLength(1);
  });

  it.each<[UploadKindName, number, string]>([
    ["avatar", 5 * MB + 1, "Image must be less than 5MB"],
    ["logo", 10 * MB + 1, "File size must be less than 10MB"],
    ["heroVideo", 50 * MB + 1, "Video file must be less than 50MB"],
  ])("%s: 413 past its limit while streaming, and nothing is left behind", async (kind, size, message) => {
    const backend = await makeBackend();
    const head = kind === "heroVideo" ? MP4 : PNG;
    const request = await uploadRequest(padded(head, size), { chunkSize: 256 * 1024 });
    expect(await refusal(receiveUpload(request, sink(backend.storage), kind, { owner: "u1", at }))).toEqual({
      status: 413,
      code: "too_large",
      message,
    });
    expect(await backend.leftovers()).toEqual([]);
  });

  it.each([
    ["cut short", { fail: false }],
    ["abandoned by the client", { fail: true }],
  ])("400 for a body %s mid-file (12MB video), and nothing is left behind", async (_how, { fail }) => {
    const backend = await makeBackend();
    const abortedBefore = backend.abortedUploads?.() ?? 0;
    const request = await uploadRequest(padded(MP4, 12 * MB), { stopAt: 9 * MB, fail });
    expect(
      await refusal(receiveUpload(request, sink(backend.storage), "messageAttachment", { owner: "u1", at })),
    ).toEqual({ status: 400, code: "bad_request", message: incompleteUploadMessage });
    expect(await backend.leftovers()).toEqual([]);
    // On S3 the first 5MB part was already sent: the multipart upload was begun, then aborted.
    if (backend.abortedUploads) expect(backend.abortedUploads()).toBe(abortedBefore + 1);
  });

  it("400 for a body cut short before the file, or within the first bytes", async () => {
    const backend = await makeBackend();
    for (const stopAt of [40, 300]) {
      const request = await uploadRequest(padded(PNG, 3000), { stopAt });
      expect(
        (await refusal(receiveUpload(request, sink(backend.storage), "avatar", { owner: "u1", at }))).status,
      ).toBe(400);
    }
    expect(await backend.leftovers()).toEqual([]);
  });

  it.each([
    ["SVG bytes", SVG, {}],
    ["HTML bytes", HTML, {}],
    ["a PNG declared as SVG", PNG, { type: "image/svg+xml" }],
    ["a PNG declared as HTML", PNG, { type: "text/html" }],
    ["a PNG named .svg", PNG, { name: "art.svg" }],
    ["a PNG named .html", PNG, { name: "page.html" }],
  ])("415 for %s, and nothing is stored", async (_what, head, options) => {
    const backend = await makeBackend();
    for (const kind of ["avatar", "logo", "productImage", "certificate", "messageAttachment"] as const) {
      const request = await uploadRequest(padded(head, 3000), options);
      const refused = await refusal(receiveUpload(request, sink(backend.storage), kind, { owner: "u1", at }));
      expect(refused.status).toBe(415);
    }
    expect(await backend.leftovers()).toEqual([]);
  });

  it("415 with the kind's message for the wrong type of file", async () => {
    const backend = await makeBackend();
    const cases: [UploadKindName, Buffer, string][] = [
      ["heroVideo", PNG, "Please select a video file"],
      ["logo", MP4, "Please select an image file"],
      ["messageAttachment", PDF, "Please select an image or video file"],
      ["certificate", MP4, "Certificate must be a PDF, JPG or PNG file"],
    ];
    for (const [kind, head, message] of cases) {
      const request = await uploadRequest(padded(head, 3000));
      expect(await refusal(receiveUpload(request, sink(backend.storage), kind, { owner: "u1", at }))).toEqual(
        {
          status: 415,
          code: "unsupported_media_type",
          message,
        },
      );
    }
    expect(await backend.leftovers()).toEqual([]);
  });
});

describe("a form of text fields and an optional file (receiveForm)", () => {
  const at = 1_700_000_000_000;
  const formRequest = async (parts: [string, string | Blob][]) => {
    const form = new FormData();
    for (const [name, value] of parts) form.append(name, value);
    return new Request("http://localhost/upload", { method: "POST", body: form });
  };
  const png = new Blob([new Uint8Array(padded(PNG, 3000))], { type: "image/png" });

  it("gives the fields sent before the file, and the file stored; fields after it are not read", async () => {
    const storage = new LocalStorage(await mkdtemp(join(root, "form-")));
    const request = await formRequest([
      ["content", "Hello"],
      ["__proto__", "just a field"],
      ["file", png],
      ["late", "after the file"],
    ]);
    const { fields, upload } = await receiveForm(request, sink(storage), "messageAttachment", {
      owner: "u1",
      at,
    });
    expect({ ...fields }).toEqual({ content: "Hello", ["__proto__"]: "just a field" });
    expect(upload?.contentType).toBe("image/png");
  });

  it("a form without a file: its fields and no upload (receiveUpload: 400)", async () => {
    const storage = new LocalStorage(await mkdtemp(join(root, "form-")));
    const form = await receiveForm(
      await formRequest([["content", "Text only"]]),
      sink(storage),
      "messageAttachment",
      {
        owner: "u1",
        at,
      },
    );
    expect(form).toEqual({ fields: { content: "Text only" }, upload: undefined });
    expect(
      await refusal(
        receiveUpload(await formRequest([["content", "x"]]), sink(storage), "messageAttachment", {
          owner: "u1",
          at,
        }),
      ),
    ).toMatchObject({ status: 400, message: "Please select an image or video file" });
  });

  it("a field over 16KB: 413, and the file after it is not stored", async () => {
    const dir = await mkdtemp(join(root, "form-"));
    const request = await formRequest([
      ["content", "x".repeat(16 * 1024 + 1)],
      ["file", png],
    ]);
    expect(
      await refusal(
        receiveForm(request, sink(new LocalStorage(dir)), "messageAttachment", { owner: "u1", at }),
      ),
    ).toEqual({ status: 413, code: "too_large", message: fieldTooLargeMessage });
    expect(await filesUnder(dir)).toEqual([]);
  });
});
