import { expect, it } from "vitest";

it("the Mini App's zod-jitless module turns zod's jitless mode on, set before zod loads", async () => {
  await import("../../miniapp/src/lib/zod-jitless");
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
});
