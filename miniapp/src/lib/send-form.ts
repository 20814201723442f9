import type { z } from "zod";
import { failedAnswer, requestHeaders } from "./api";

export interface FormSending<T> {
  /**
   * The answer's body, parsed by the route's contract; a LoadError when refused (no code: the
   * network failed; a 401 has signed out, as `call()` does), the ZodError when a successful answer is
   * not what the contract says, an AbortError once aborted.
   */
  done: Promise<T>;
  abort(): void;
}

/**
 * POSTs a form through XMLHttpRequest, which reports upload progress (fetch cannot): `onProgress`
 * gets the share of the body sent (0 to 1), and `onUploaded` fires once all of it is out, from when
 * the server is at work on it and aborting no longer stops it. `schema` is the route's response
 * contract (`#api/contracts/...`): the body is checked against it rather than cast.
 */
export function sendForm<S extends z.ZodType>(
  schema: S,
  url: string,
  form: FormData,
  events: { onProgress(share: number): void; onUploaded(): void },
): FormSending<z.output<S>> {
  const request = new XMLHttpRequest();
  const done = new Promise<z.output<S>>((resolve, reject) => {
    request.open("POST", url);
    for (const [name, value] of Object.entries(requestHeaders())) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) events.onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => events.onUploaded();
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(failedAnswer(request.status, request.response));
        return;
      }
      const parsed = schema.safeParse(request.response);
      if (parsed.success) resolve(parsed.data);
      else reject(parsed.error);
    };
    request.onerror = () => reject(failedAnswer(0, null));
    request.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
