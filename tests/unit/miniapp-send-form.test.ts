import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { postMessageResultSchema } from "../../api/contracts/feed";
import { LoadError, whenSessionLost } from "../../miniapp/src/lib/api";
import { sendForm } from "../../miniapp/src/lib/send-form";

/** Just enough of XMLHttpRequest for sendForm: the test answers with `answer()`. */
class FakeRequest {
  static last: FakeRequest | null = null;
  status = 0;
  response: unknown = null;
  responseType = "";
  method = "";
  url = "";
  headers: Record<string, string> = {};
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    this.upload.onload?.();
    this.status = status;
    this.response = body;
    this.onload?.();
  }
}

function send() {
  const events = { onProgress: vi.fn(), onUploaded: vi.fn() };
  const sending = sendForm(postMessageResultSchema, "/api/messages", new FormData(), events);
  const request = FakeRequest.last;
  if (!request) throw new Error("no request");
  return { sending, request, events };
}

const ID = "3f1c2b7a-9d4e-4c8b-8a6f-2e5d7c9b1a30";

describe("sendForm", () => {
  beforeEach(() => vi.stubGlobal("XMLHttpRequest", FakeRequest));
  afterEach(() => {
    vi.unstubAllGlobals();
    whenSessionLost(() => {});
  });

  it("POSTs the form and resolves with the body parsed by the route's contract", async () => {
    const { sending, request, events } = send();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/messages");
    request.answer(201, { id: ID, channel: "none", extra: "dropped" });
    await expect(sending.done).resolves.toEqual({ id: ID, channel: "none" });
    expect(events.onProgress).toHaveBeenCalledWith(0.5);
    expect(events.onUploaded).toHaveBeenCalledOnce();
  });

  it("rejects a successful answer that is not what the contract says", async () => {
    const { sending, request } = send();
    request.answer(200, { id: ID, channel: "sideways" });
    await expect(sending.done).rejects.toBeInstanceOf(ZodError);
  });

  it("a refusal is a LoadError with the API's message", async () => {
    const lost = vi.fn();
    whenSessionLost(lost);
    const { sending, request } = send();
    request.answer(413, { error: { code: "too_large", message: "File too large" } });
    const error = await sending.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({ code: "too_large", message: "File too large" });
    expect(lost).not.toHaveBeenCalled();
  });

  it("a 401 signs out, as call() does", async () => {
    const lost = vi.fn();
    whenSessionLost(lost);
    const { sending, request } = send();
    request.answer(401, { error: { code: "unauthorized", message: "Not signed in" } });
    await expect(sending.done).rejects.toMatchObject({ code: "unauthorized" });
    expect(lost).toHaveBeenCalledOnce();
  });

  it("a network failure is a LoadError with no code (no answer came); aborting is an AbortError", async () => {
    const failed = send();
    failed.request.onerror?.();
    await expect(failed.sending.done).rejects.toMatchObject({ code: null, refused: false });
    const aborted = send();
    aborted.sending.abort();
    await expect(aborted.sending.done).rejects.toMatchObject({ name: "AbortError" });
  });
});
