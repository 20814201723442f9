import { IconButton } from "@telegram-apps/telegram-ui";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { lockScroll } from "../lib/scroll-lock";
import { useBottomBar } from "../lib/use-bottom-bar";
import "./drawer.css";

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A right-side sheet (default) or a bottom sheet. */
  placement?: "right" | "bottom";
  className?: string;
}

/** The open sheets, newest last: Escape closes only the top one (a confirmation over its sheet). */
const openPanels: HTMLElement[] = [];

/** A side or bottom sheet: a modal dialog that closes on Escape, on the backdrop and on its X. */
export function Drawer({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  placement = "right",
  className,
}: DrawerProps) {
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
        className={`drawer drawer-${placement}${className ? ` ${className}` : ""}`}
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
          <IconButton mode="plain" size="l" className="icon-button" onClick={onClose} aria-label="Close">
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
