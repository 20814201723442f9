import { Minus, Plus, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { canZoomIn, canZoomOut, zoomIn, zoomLabel, zoomOut } from "../lib/zoom";

interface ImageZoomProps {
  src: string;
  alt: string;
  zoom: number;
  onZoom: (percent: number) => void;
  onClose: () => void;
}

/** Full-screen view of the product image, 50% to 300% in steps of 25%. */
export function ImageZoom({ src, alt, zoom, onZoom, onClose }: ImageZoomProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const previousZoom = useRef(zoom);

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
    <div className="zoom-overlay" role="dialog" aria-modal="true" aria-label="Image zoom">
      <div className="zoom-stage" ref={stage}>
        <img
          className="zoom-image"
          src={src}
          alt={alt}
          style={{ width: `calc(var(--zoom-base) * ${zoom / 100})` }}
          data-testid="zoom-image"
        />
      </div>
      <div className="zoom-controls">
        <button
          type="button"
          className="icon-button zoom-button"
          onClick={() => onZoom(zoomOut(zoom))}
          disabled={!canZoomOut(zoom)}
          aria-label="Zoom out"
        >
          <Minus size={20} aria-hidden="true" />
        </button>
        <span className="zoom-level" data-testid="zoom-level" aria-live="polite">
          {zoomLabel(zoom)}
        </span>
        <button
          type="button"
          className="icon-button zoom-button"
          onClick={() => onZoom(zoomIn(zoom))}
          disabled={!canZoomIn(zoom)}
          aria-label="Zoom in"
        >
          <Plus size={20} aria-hidden="true" />
        </button>
      </div>
      <button
        ref={closeButton}
        type="button"
        className="icon-button zoom-close"
        onClick={onClose}
        aria-label="Close zoom"
      >
        <X size={22} aria-hidden="true" />
      </button>
    </div>
  );
}
