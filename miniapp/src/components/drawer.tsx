import { IconButton } from "@telegram-apps/telegram-ui";
import { X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef } from "react";
import { useT } from "../i18n/use-t";
import { lockScroll } from "../lib/scroll-lock";
import { useBottomBar } from "../lib/use-bottom-bar";
import "./drawer.css";

/** A side drawer's or a bottom sheet's content and how it closes. */
export interface PanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The open sheets, newest last: Escape closes only the top one (a confirmation over its sheet). */
const openPanels: HTMLElement[] = [];

/**
 * Registers a bottom sheet (the kit's Modal, which handles its own Escape) as the newest open
 * panel while it is mounted, so a side drawer under it leaves Escape to it.
 *
 * Radix listens for Escape only on the layer it last rendered as the highest. When the sheet above
 * closes, the one under it takes over a render later, in a scheduled task; Chromium runs input
 * first, so a quick second Escape would reach no one. An Escape no layer took (not
 * `defaultPrevented`) therefore closes the topmost sheet here, which this stack knows at once.
 */
export function useTopmostPanel(onClose: () => void): (element: HTMLElement | null) => void {
  const current = useRef<HTMLElement | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (!current.current || openPanels.at(-1) !== current.current) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return useCallback((element: HTMLElement | null) => {
    if (current.current) openPanels.splice(openPanels.indexOf(current.current), 1);
    current.current = element;
    if (element) openPanels.push(element);
  }, []);
}

/** A side sheet (bottom sheets are `BottomSheet`): a modal dialog that closes on Escape, on the backdrop and on its X. */
export function Drawer({ open, onClose, title, description, children, footer, className }: PanelProps) {
  const { t } = useT();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const footerBar = useRef<HTMLDivElement>(null);
  // Toasts sit above the footer (the cart's total and checkout) while the drawer is open.
  useBottomBar(footerBar, open && footer !== undefined);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const element = panel.current;
    if (element) openPanels.push(element);
    element?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && openPanels.at(-1) === element) onClose();
    };
    document.addEventListener("keydown", onKey);
    const unlock = lockScroll();
    return () => {
      if (element) openPanels.splice(openPanels.indexOf(element), 1);
      document.removeEventListener("keydown", onKey);
      unlock();
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="drawer-root">
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className={`drawer drawer-right${className ? ` ${className}` : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="drawer-header">
          <div>
            <h2 id={titleId} className="drawer-title">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="drawer-description">
                {description}
              </p>
            ) : null}
          </div>
          <IconButton
            mode="plain"
            size="l"
            className="icon-button"
            onClick={onClose}
            aria-label={t("common.close")}
          >
            <X size={20} aria-hidden="true" />
          </IconButton>
        </div>
        <div className="drawer-body">{children}</div>
        {footer ? (
          <div className="drawer-footer" ref={footerBar}>
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}
