import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnEntryPoint } from "../helpers/entry-point";

// PLAN_PAYMENTS=invoice without the provider's token (decision 109): the server refuses to start,
// naming the variable, before it opens a database or a port.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "plan-payments-config-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("PLAN_PAYMENTS=invoice", () => {
  it("without PAYMENT_PROVIDER_TOKEN the server exits 1 with a clear configuration error", async () => {
    const { output, exited } = spawnEntryPoint("api/main.ts", [], {
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      BOT_TOKEN: "",
      PLAN_PAYMENTS: "invoice",
      PAYMENT_PROVIDER_TOKEN: "",
    });
    expect(await exited).toBe(1);
    expect(output()).toContain(
      "Invalid configuration:\n  PAYMENT_PROVIDER_TOKEN: is required with PLAN_PAYMENTS=invoice: the payment provider's token from @BotFather",
    );
  });
});
