// 500 MB upload: the peak RSS growth of the server process while one 500 MB video streams through
// the upload pipeline (tests/bench/upload-harness.ts, a child process), to local disk and to S3 (the
// tests' fake S3 server, run in this process). Goal: growth ≤ 64 MB. No database is involved, so
// the figure is the same on PGlite and Postgres.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeS3Env, startFakeS3 } from "../helpers/fake-s3";

const root = new URL("../..", import.meta.url).pathname;
const MB = 1024 * 1024;
const FILE_BYTES = 500 * MB;
const MP4_HEAD = Buffer.from("000000206674797069736f6d0000020069736f6d69736f32617663316d703431", "hex");

async function startHarness(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "tests/bench/upload-harness.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`upload harness exited (${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { child, port };
}

/** Streams a multipart body with one `size`-byte mp4-looking file, honouring backpressure. */
function upload(port: number, size: number): Promise<{ status: number; body: string }> {
  const boundary = "----bench-boundary-7d3f";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
      "Content-Type: video/mp4\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const piece = Buffer.alloc(MB, 7);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: "127.0.0.1",
        path: "/upload",
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + size + tail.length,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(head);
    req.write(MP4_HEAD);
    let sent = MP4_HEAD.length;
    const feed = () => {
      while (sent < size) {
        const chunk = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", feed);
          return;
        }
      }
      req.end(tail);
    };
    feed();
  });
}

const getJson = async (port: number, path: string, method = "GET") =>
  (await fetch(`http://127.0.0.1:${port}${path}`, { method })).json() as Promise<Record<string, number>>;

async function measure(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-upload-"));
  const harness = await startHarness({ DATA_DIR: dataDir, ...env });
  try {
    // Warm up (file-type, busboy, the storage client), then measure from a settled baseline.
    await upload(harness.port, 6 * MB);
    await getJson(harness.port, "/rss/reset", "POST");
    const started = performance.now();
    const result = await upload(harness.port, FILE_BYTES);
    const seconds = (performance.now() - started) / 1000;
    const { baseline = 0, peak = 0 } = await getJson(harness.port, "/rss");
    return {
      storage: label,
      status: result.status,
      uploadedMb: FILE_BYTES / MB,
      seconds: Math.round(seconds * 10) / 10,
      mbPerSecond: Math.round(FILE_BYTES / MB / seconds),
      baselineRssMb: Math.round(baseline / MB),
      peakRssGrowthMb: Math.round(((peak - baseline) / MB) * 10) / 10,
      goalMb: 64,
    };
  } finally {
    harness.child.kill("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function uploadRss() {
  const local = await measure("local", {});
  const s3 = await startFakeS3();
  try {
    return [local, await measure("s3", fakeS3Env(s3))];
  } finally {
    await s3.close();
  }
}
