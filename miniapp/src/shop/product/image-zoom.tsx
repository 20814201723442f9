import { IconButton } from "@telegram-apps/telegram-ui";
import { Minus, Plus, X } from "lucide-react";
import { type PointerEvent, type TouchEvent, useEffect, useLayoutEffect, useRef } from "react";
import { useT } from "../../i18n/use-t";
import {
  canZoomIn,
  canZoomOut,
  doubleTapZoom,
  isDoubleTap,
  pinchZoom,
  zoomIn,
  zoomLabel,
  zoomOut,
} from "./zoom";
import "./image-zoom.css";

type Tap = { at: number; x: number; y: number };

const fingerDistance = (touches: TouchEvent["touches"]): number => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

interface ImageZoomProps {
  src: string;
  alt: string;
  zoom: number;
  onZoom: (percent: number) => void;
  onClose: () => void;
}

/**
 * Full-screen view of the product image, 50% to 300% in steps of 25%: the buttons, a pinch, or a
 * double tap (200% and back). One finger pans the enlarged image as the browser scrolls it.
 */
export function ImageZoom({ src, alt, zoom, onZoom, onClose }: ImageZoomProps) {
  const { t } = useT();
  const closeButton = useRef<HTMLButtonElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const previousZoom = useRef(zoom);
  const pinch = useRef<{ zoom: number; distance: number } | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const pressed = useRef<Tap | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length === 2) pinch.current = { zoom, distance: fingerDistance(event.touches) };
  };
  const onTouchMove = (event: TouchEvent) => {
    if (event.touches.length !== 2 || !pinch.current) return;
    const next = pinchZoom(pinch.current.zoom, pinch.current.distance, fingerDistance(event.touches));
    if (next !== zoom) onZoom(next);
  };
  const onTouchEnd = (event: TouchEvent) => {
    if (event.touches.length < 2) pinch.current = null;
  };
  const onPointerDown = (event: PointerEvent) => {
    pressed.current = { at: event.timeStamp, x: event.clientX, y: event.clientY };
  };
  // A tap is a short press that did not move; two of them close together toggle the zoom.
  const onPointerUp = (event: PointerEvent) => {
    const down = pressed.current;
    pressed.current = null;
    if (!down || pinch.current) return;
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    if (tap.at - down.at > 250 || Math.hypot(tap.x - down.x, tap.y - down.y) > 10) return;
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      onZoom(doubleTapZoom(zoom));
    } else {
      lastTap.current = tap;
    }
  };

  // Zooming keeps the point in the middle of the screen where it was, rather than jumping to a corner.
  useLayoutEffect(() => {
    const element = stage.current;
    const ratio = zoom / previousZoom.current;
    previousZoom.current = zoom;
    if (!element || ratio === 1) return;
    const centerX = (element.scrollLeft + element.clientWidth / 2) * ratio;
    const centerY = (element.scrollTop + element.clientHeight / 2) * ratio;
    element.scrollLeft = centerX - element.clientWidth / 2;
    element.scrollTop = centerY - element.clientHeight / 2;
  }, [zoom]);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("scroll-locked");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("scroll-locked");
    };
  }, [onClose]);

  return (
    <div className="zoom-overlay" role="dialog" aria-modal="true" aria-label={t("product.zoomDialog")}>
      <div
        className="zoom-stage"
        ref={stage}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pressed.current = null;
        }}
        data-testid="zoom-stage"
      >
        <img
          className="zoom-image"
          src={src}
          alt={alt}
          style={{ width: `calc(var(--zoom-base) * ${zoom / 100})` }}
          data-testid="zoom-image"
        />
      </div>
      <div className="zoom-controls">
        <IconButton
          type="button"
          mode="plain"
          size="l"
          className="icon-button zoom-button"
          onClick={() => onZoom(zoomOut(zoom))}
          disabled={!canZoomOut(zoom)}
          aria-label={t("product.zoomOut")}
        >
          <Minus size={20} aria-hidden="true" />
        </IconButton>
        <span className="zoom-level" data-testid="zoom-level" aria-live="polite">
          {zoomLabel(zoom)}
        </span>
        <IconButton
          type="button"
          mode="plain"
          size="l"
          className="icon-button zoom-button"
          onClick={() => onZoom(zoomIn(zoom))}
          disabled={!canZoomIn(zoom)}
          aria-label={t("product.zoomIn")}
        >
          <Plus size={20} aria-hidden="true" />
        </IconButton>
      </div>
      <IconButton
        ref={closeButton}
        type="button"
        mode="plain"
        size="l"
        className="icon-button zoom-close"
        onClick={onClose}
        aria-label={t("product.zoomClose")}
      >
        <X size={22} aria-hidden="true" />
      </IconButton>
    </div>
  );
}
