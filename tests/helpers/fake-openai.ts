import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export interface OpenAiCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; image_url?: { url: string } }[] }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
}

/** How the fake answers a chat completion: content (the default answer), or a failure a model can give. */
export type OpenAiBehaviour =
  | { kind: "answer"; content: string }
  | { kind: "refusal" }
  | { kind: "status"; status: number }
  | { kind: "hangUp" }
  | { kind: "slow"; ms: number; content?: string };

export const defaultAnswer = {
  strain_type: "Indica",
  description: "Dense, deep purple buds covered in frosty trichomes with bright orange pistils.",
  features: ["Deep purple colour", "Dense buds", "Frosty trichomes", "Orange pistils"],
};

/**
 * A stand-in for an OpenAI-compatible server's POST /v1/chat/completions on loopback; records every
 * call. Its behaviour holds until changed (the SDK retries failures once).
 */
export async function startFakeOpenAi() {
  const calls: OpenAiCall[] = [];
  let behaviour: OpenAiBehaviour = { kind: "answer", content: JSON.stringify(defaultAnswer) };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      calls.push({
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()) as OpenAiCall["body"],
      });
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        return json(404, { error: { message: "Not found", type: "invalid_request_error" } });
      }
      const answer = (message: { content: string | null; refusal: string | null }) =>
        json(200, {
          id: `chatcmpl-${calls.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: calls.at(-1)?.body.model,
          choices: [
            { index: 0, message: { role: "assistant", ...message }, finish_reason: "stop", logprobs: null },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      switch (behaviour.kind) {
        case "answer":
          return answer({ content: behaviour.content, refusal: null });
        case "refusal":
          return answer({ content: null, refusal: "I can't help with that." });
        case "status":
          // retry-after-ms keeps the SDK's one retry quick.
          return json(
            behaviour.status,
            { error: { message: `status ${behaviour.status}`, type: "server_error" } },
            { "retry-after-ms": "10" },
          );
        case "hangUp":
          return req.socket.destroy();
        case "slow": {
          const { ms, content = JSON.stringify(defaultAnswer) } = behaviour;
          const timer = setTimeout(() => answer({ content, refusal: null }), ms);
          res.on("close", () => clearTimeout(timer));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    /** OPENAI_BASE_URL for the app. */
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    calls,
    behave(next: OpenAiBehaviour) {
      behaviour = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
