import { describe, expect, it } from "vitest";
import { hasInvalidText } from "#api/contracts/text";
import { jsonDeeperThan } from "#api/http/json-depth";

describe("jsonDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings or escaped quotes", () => {
    expect(jsonDeeperThan("[[[]]]", 3)).toBe(false);
    expect(jsonDeeperThan("[[[[]]]]", 3)).toBe(true);
    expect(jsonDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonDeeperThan(JSON.stringify({ a: "[[[[{{{{", b: 'x\\"[[[[' }), 1)).toBe(false);
    expect(jsonDeeperThan("[[],[],[],[]]", 2)).toBe(false);
  });

  it("stops at the limit on a body of any depth", () => {
    expect(jsonDeeperThan("[".repeat(1_000_000), 32)).toBe(true);
  });
});

describe("hasInvalidText", () => {
  it("walks any depth without overflowing the stack", () => {
    let deep: unknown = "Ann\u0000e";
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { [`k${i}`]: deep };
    expect(hasInvalidText(deep)).toBe(true);
    expect(hasInvalidText({ a: [{ b: "fine" }, ["also fine"]] })).toBe(false);
    expect(hasInvalidText({ "bad\uD800key": 1 })).toBe(true);
  });

  it("walks wide arrays too", () => {
    expect(hasInvalidText(Array.from({ length: 1_000_000 }, () => "ok"))).toBe(false);
  });
});
