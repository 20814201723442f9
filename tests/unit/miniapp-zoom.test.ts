import { describe, expect, it } from "vitest";
import { canZoomIn, canZoomOut, ZOOM, zoomIn, zoomLabel, zoomOut } from "../../miniapp/src/lib/zoom";

describe("image zoom", () => {
  it("runs from 50% to 300% in steps of 25%, starting at 100%", () => {
    expect(ZOOM).toEqual({ min: 50, max: 300, step: 25, initial: 100 });
  });

  it("steps up to 300% and stops there", () => {
    const levels: number[] = [];
    let level: number = ZOOM.initial;
    while (canZoomIn(level)) {
      level = zoomIn(level);
      levels.push(level);
    }
    expect(levels).toEqual([125, 150, 175, 200, 225, 250, 275, 300]);
    expect(zoomIn(300)).toBe(300);
    expect(canZoomIn(300)).toBe(false);
  });

  it("steps down to 50% and stops there", () => {
    expect(zoomOut(100)).toBe(75);
    expect(zoomOut(75)).toBe(50);
    expect(zoomOut(50)).toBe(50);
    expect(canZoomOut(50)).toBe(false);
    expect(canZoomOut(75)).toBe(true);
  });

  it("shows the percentage", () => {
    expect(zoomLabel(ZOOM.initial)).toBe("100%");
    expect(zoomLabel(zoomIn(100))).toBe("125%");
  });
});
