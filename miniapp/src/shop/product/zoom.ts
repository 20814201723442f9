/** The product image zoom: 50% to 300% in steps of 25%, starting (and reset) at 100%. */
export const ZOOM = { min: 50, max: 300, step: 25, initial: 100 } as const;

export const zoomIn = (percent: number): number => Math.min(ZOOM.max, percent + ZOOM.step);
export const zoomOut = (percent: number): number => Math.max(ZOOM.min, percent - ZOOM.step);
export const canZoomIn = (percent: number): boolean => percent < ZOOM.max;
export const canZoomOut = (percent: number): boolean => percent > ZOOM.min;
export const zoomLabel = (percent: number): string => `${percent}%`;

const clamp = (percent: number): number => Math.min(ZOOM.max, Math.max(ZOOM.min, percent));

/**
 * Pinching: the zoom the pinch started at, scaled by how far the fingers moved apart, on the same
 * 25% steps and within the same limits as the buttons.
 */
export function pinchZoom(startPercent: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return clamp(startPercent);
  const scaled = (startPercent * distance) / startDistance;
  return clamp(Math.round(scaled / ZOOM.step) * ZOOM.step);
}

/** A double tap: in to 200% from the start, else back to the start (100%). */
export const DOUBLE_TAP_ZOOM = 200;
export const doubleTapZoom = (percent: number): number =>
  percent === ZOOM.initial ? DOUBLE_TAP_ZOOM : ZOOM.initial;

/** Two taps count as a double tap when this close in time (ms) and place (px). */
export const DOUBLE_TAP = { ms: 300, px: 24 } as const;

export function isDoubleTap(
  previous: { at: number; x: number; y: number } | null,
  tap: { at: number; x: number; y: number },
): boolean {
  if (!previous) return false;
  return (
    tap.at - previous.at <= DOUBLE_TAP.ms &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP.px
  );
}
