/** The product image zoom: 50% to 300% in steps of 25%, starting (and reset) at 100%. */
export const ZOOM = { min: 50, max: 300, step: 25, initial: 100 } as const;

export const zoomIn = (percent: number): number => Math.min(ZOOM.max, percent + ZOOM.step);
export const zoomOut = (percent: number): number => Math.max(ZOOM.min, percent - ZOOM.step);
export const canZoomIn = (percent: number): boolean => percent < ZOOM.max;
export const canZoomOut = (percent: number): boolean => percent > ZOOM.min;
export const zoomLabel = (percent: number): string => `${percent}%`;
