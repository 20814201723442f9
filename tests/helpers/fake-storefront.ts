import { createServer, type Server } from "node:http";

export interface StorefrontCall {
  headers: Record<string, string | string[] | undefined>;
  query: string;
  variables: { input: { lines: { merchandiseId: string; quantity: number }[] } };
}

/** How the fake answers the next cartCreate: a cart (the default), or a failure Shopify can give. */
export type StorefrontAnswer =
  | { kind: "cart"; checkoutUrl?: string | null }
  | { kind: "status"; status: number }
  | { kind: "graphqlErrors"; messages: string[] }
  | { kind: "userErrors"; messages: string[] }
  | { kind: "notJson" };

/**
 * A stand-in for a shop's Storefront GraphQL endpoint on loopback (a free port unless given one);
 * records every call.
 */
export async function startFakeStorefront(port = 0) {
  const calls: StorefrontCall[] = [];
  let next: StorefrontAnswer = { kind: "cart" };
  let carts = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const parsed = JSON.parse(body) as Omit<StorefrontCall, "headers">;
      calls.push({ headers: req.headers, ...parsed });
      const answer = next;
      next = { kind: "cart" };
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const lines = parsed.variables.input.lines;
      switch (answer.kind) {
        case "status":
          return json(answer.status, { errors: [{ message: "nope" }] });
        case "notJson":
          res.writeHead(200, { "content-type": "text/html" });
          return res.end("<html>maintenance</html>");
        case "graphqlErrors":
          return json(200, { errors: answer.messages.map((message) => ({ message })) });
        case "userErrors":
          return json(200, {
            data: {
              cartCreate: {
                cart: null,
                userErrors: answer.messages.map((message) => ({
                  code: "INVALID",
                  field: ["input"],
                  message,
                })),
                warnings: [],
              },
            },
          });
        case "cart": {
          carts += 1;
          const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
          return json(200, {
            data: {
              cartCreate: {
                cart: {
                  id: `gid://shopify/Cart/c${carts}`,
                  checkoutUrl:
                    answer.checkoutUrl === undefined
                      ? `https://shop.example.com/cart/c/c${carts}?key=abc`
                      : answer.checkoutUrl,
                  totalQuantity: quantity,
                  cost: {
                    totalAmount: { amount: "10.0", currencyCode: "USD" },
                    subtotalAmount: { amount: "10.0", currencyCode: "USD" },
                  },
                  lines: { edges: [] },
                },
                userErrors: [],
                warnings: [],
              },
            },
          });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/2025-07/graphql.json`,
    calls,
    answerNext(answer: StorefrontAnswer) {
      next = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
