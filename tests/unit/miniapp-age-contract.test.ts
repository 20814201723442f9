import { describe, expect, it } from "vitest";
import { ageVerificationSchema } from "../../api/contracts/account";
import { ageVerificationContract } from "../../miniapp/src/home/age-contract";

describe("the age gate's contract", () => {
  it("says what the API's ageVerificationSchema says, on the same field, in the same words", () => {
    for (const value of [{ confirmed: true }, { confirmed: false }, {}, { confirmed: "true" }, null]) {
      const api = ageVerificationSchema.safeParse(value);
      const gate = ageVerificationContract.safeParse(value);
      expect(gate.success, JSON.stringify(value)).toBe(api.success);
      if (gate.success && api.success) expect(gate.data).toEqual(api.data);
      if (!gate.success && !api.success && value !== null) {
        expect(gate.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual(
          api.error.issues.map((issue) => [issue.path[0], issue.message]),
        );
      }
    }
  });
});
