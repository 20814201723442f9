import { failedAnswer } from "./api";
import { authHeaders } from "./session";

export interface FormSending<T> {
  /**
   * The answer's body; a LoadError when refused (status 0: the network failed), an AbortError
   * once aborted.
   */
  done: Promise<T>;
  abort(): void;
}

/**
 * POSTs a form through XMLHttpRequest, which reports upload progress (fetch cannot): `onProgress`
 * gets the share of the body sent (0 to 1), and `onUploaded` fires once all of it is out, from when
 * the server is at work on it and aborting no longer stops it.
 */
export function sendForm<T>(
  url: string,
  form: FormData,
  events: { onProgress(share: number): void; onUploaded(): void },
): FormSending<T> {
  const request = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    request.open("POST", url);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) events.onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => events.onUploaded();
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else reject(failedAnswer(request.status, request.response));
    };
    request.onerror = () => reject(failedAnswer(0, null));
    request.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
