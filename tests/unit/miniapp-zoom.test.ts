import { describe, expect, it } from "vitest";
import {
  canZoomIn,
  canZoomOut,
  doubleTapZoom,
  isDoubleTap,
  pinchZoom,
  ZOOM,
  zoomIn,
  zoomLabel,
  zoomOut,
} from "../../miniapp/src/shop/product/zoom";

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

describe("pinch and double tap", () => {
  it("a pinch scales the zoom it started at, on 25% steps, within 50%..300%", () => {
    expect(pinchZoom(100, 100, 150)).toBe(150);
    expect(pinchZoom(100, 100, 160)).toBe(150);
    expect(pinchZoom(100, 100, 170)).toBe(175);
    expect(pinchZoom(150, 200, 100)).toBe(75);
    expect(pinchZoom(100, 100, 10)).toBe(50);
    expect(pinchZoom(200, 100, 1000)).toBe(300);
    expect(pinchZoom(125, 0, 50)).toBe(125);
  });

  it("a double tap zooms to 200% from the start and back to 100% from anywhere else", () => {
    expect(doubleTapZoom(100)).toBe(200);
    expect(doubleTapZoom(200)).toBe(100);
    expect(doubleTapZoom(275)).toBe(100);
  });

  it("two taps are a double tap only when close in time and place", () => {
    const first = { at: 1000, x: 100, y: 100 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { at: 1250, x: 110, y: 105 })).toBe(true);
    expect(isDoubleTap(first, { at: 1400, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { at: 1100, x: 160, y: 100 })).toBe(false);
  });
});
