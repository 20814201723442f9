import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createLogger } from "../../api/process/logger";

const recorded = () => {
  const lines: string[] = [];
  return { lines, log: createLogger("info", (line) => lines.push(line)) };
};

describe("the request line", () => {
  it("is the line info('request', …) writes, field for field and in order", () => {
    // One clock reading for both lines: they may otherwise fall in two milliseconds.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-27T08:04:17.427Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { lines, log } = recorded();
    log.request({ requestId: "r-1", method: "GET", path: "/api/products", status: 200, seconds: 0.00123 });
    log.info("request", { requestId: "r-1", method: "GET", path: "/api/products", status: 200, ms: 1.2 });
    const [fast, slow] = lines.map((line) => JSON.parse(line ?? ""));
    expect(fast).toEqual(slow);
    expect(Object.keys(fast)).toEqual(Object.keys(slow));
    expect(fast).toMatchObject({
      time: "2026-11-27T08:04:17.427Z",
      level: "info",
      message: "request",
      ms: 1.2,
    });
  });

  it("stays one JSON line whatever the path holds", () => {
    const { lines, log } = recorded();
    const path = '/api/"quoted"\\back\nslash\u2028/ünï';
    log.request({ requestId: "r-2", method: "POST", path, status: 404, seconds: 0 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ path, method: "POST", status: 404, ms: 0 });
  });

  it("is not written when the log is silent", () => {
    const lines: string[] = [];
    createLogger("silent", (line) => lines.push(line)).request({
      requestId: "r-3",
      method: "GET",
      path: "/",
      status: 200,
      seconds: 0,
    });
    expect(lines).toEqual([]);
  });
});
