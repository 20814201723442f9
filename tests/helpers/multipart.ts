/** A multipart/form-data body with one file, as a browser would encode it. */
export async function encodeMultipart(
  bytes: Uint8Array,
  options: { field?: string; name?: string; type?: string } = {},
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const form = new FormData();
  form.append("note", "ignored");
  form.append(
    options.field ?? "file",
    new Blob([new Uint8Array(bytes)], { type: options.type ?? "application/octet-stream" }),
    options.name ?? "upload.bin",
  );
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

/**
 * Sends `bytes` in network-sized pieces. `stopAt` ends the body early there (a body cut short);
 * with `fail` the stream errors there instead (the client went away).
 */
export function streamOf(
  bytes: Uint8Array,
  options: { chunkSize?: number; stopAt?: number; fail?: boolean } = {},
): ReadableStream<Uint8Array> {
  const end = options.stopAt ?? bytes.length;
  const size = options.chunkSize ?? 64 * 1024;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= end) {
        if (options.fail) controller.error(new Error("client went away"));
        else controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, Math.min(offset + size, end)));
      offset += size;
    },
  });
}

/** A request carrying a streamed multipart body, as the upload pipeline receives it. */
export async function uploadRequest(
  bytes: Uint8Array,
  options: Parameters<typeof encodeMultipart>[1] & Parameters<typeof streamOf>[1] = {},
): Promise<Request> {
  const encoded = await encodeMultipart(bytes, options);
  return new Request("http://localhost/upload", {
    method: "POST",
    headers: { "content-type": encoded.contentType },
    body: streamOf(encoded.bytes, options),
    duplex: "half",
  } as RequestInit);
}
