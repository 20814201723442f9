import { describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "#api/domain/auth";

describe("tooManyAttemptsMessage", () => {
  it("rounds up to whole minutes", () => {
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many attempts. Try again in 1 minute.");
  });
});
