import { describe, expect, it } from "vitest";
import { hasInvalidText } from "#api/contracts/text";
import { nestedDeeperThan } from "#api/http/json-depth";

const deeperThan = (text: string, max: number) => nestedDeeperThan(JSON.parse(text), max);

describe("nestedDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings or escaped quotes", () => {
    expect(deeperThan("[[[]]]", 3)).toBe(false);
    expect(deeperThan("[[[[]]]]", 3)).toBe(true);
    expect(deeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(deeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(deeperThan(JSON.stringify({ a: "[[[[{{{{", b: 'x\\"[[[[' }), 1)).toBe(false);
    expect(deeperThan("[[],[],[],[]]", 2)).toBe(false);
  });

  it("measures a body of any depth without overflowing the stack", () => {
    expect(deeperThan(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`, 32)).toBe(true);
    expect(deeperThan(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`, 32)).toBe(true);
    expect(nestedDeeperThan("[[[[", 1)).toBe(false);
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
