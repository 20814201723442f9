import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertObjectPath,
  isObjectPath,
  MEDIA_PATH,
  type MediaStorage,
  mediaCacheControl,
  typeOfName,
} from "./media-storage";

export interface S3Options {
  /** An S3-compatible server's URL (path-style addressing); unset means AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket is publicly readable (a CDN); unset means the app serves /media/... itself. */
  publicUrl?: string | undefined;
}

// lib-storage holds the part it sends and the one it fills: one at a time keeps a 500MB upload's
// RSS growth near 40MB (tests/bench/upload-rss.ts) and was faster than two in the bench.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Objects under <S3_BUCKET>/<bucket>/<name>: several processes share one store of media. */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  readonly urlBase: string;

  constructor(private readonly options: S3Options) {
    this.urlBase = options.publicUrl?.replace(/\/+$/, "") ?? MEDIA_PATH;
    this.client = new S3Client({
      region: options.region,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private key(bucket: string, name: string) {
    assertObjectPath(bucket, name);
    return `${bucket}/${name}`;
  }

  /** Streams in parts; a body that errors aborts the multipart upload, so no object or part stays. */
  async put(bucket: string, name: string, body: Uint8Array | Readable, contentType: string) {
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.options.bucket,
        Key: this.key(bucket, name),
        Body: body,
        ContentType: contentType,
        CacheControl: mediaCacheControl(bucket),
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    }).done();
    return `${this.urlBase}/${bucket}/${name}`;
  }

  async stat(bucket: string, name: string) {
    if (!isObjectPath(bucket, name)) return undefined;
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(bucket, name) }),
      );
      return { size: head.ContentLength ?? 0, contentType: typeOfName(name), etag: head.ETag ?? '""' };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(bucket: string, name: string, range?: { start: number; end: number }) {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(bucket, name),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return object.Body as Readable;
  }

  async remove(bucket: string, name: string) {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(bucket, name) }),
    );
  }
}
