import { IconButton, Modal } from "@telegram-apps/telegram-ui";
import { Drawer as Vaul } from "@xelene/vaul-with-scroll-fix";
import { X } from "lucide-react";
import { type ReactNode, useCallback, useRef } from "react";
import { useT } from "../i18n/use-t";
import { useBottomBar } from "../lib/use-bottom-bar";
import { type PanelProps, useTopmostPanel } from "./drawer";
import "./bottom-sheet.css";

/** The footer publishes its height, so toasts sit above it while the sheet is open. */
function SheetFooter({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  return (
    <div className="drawer-footer sheet-footer" ref={bar}>
      {children}
    </div>
  );
}

/**
 * The kit's Modal (a vaul drawer on Radix's dialog): drag down, the backdrop, Escape and the X all
 * close it; focus stays inside while it is open and returns where it was after.
 */
export default function BottomSheetModal({
  onClose,
  title,
  description,
  children,
  footer,
  className,
}: PanelProps) {
  const { t } = useT();
  const panel = useTopmostPanel(onClose);
  const onOpenChange = useCallback((open: boolean) => (open ? undefined : onClose()), [onClose]);
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      ref={panel}
      className={`sheet${className ? ` ${className}` : ""}`}
      // The app's dimming, as under the side drawers: the kit tints with the page colour at 40%,
      // which on a light page hardly tells the sheet from the screen under it.
      overlayComponent={<Modal.Overlay className="sheet-overlay" style={{ background: "var(--overlay)" }} />}
      // Without a description the dialog is described by nothing (Radix asks to say so).
      {...(description ? {} : { "aria-describedby": undefined })}
      header={
        <Modal.Header
          className="sheet-header"
          before={
            <div className="sheet-heading">
              <Vaul.Title className="drawer-title">{title}</Vaul.Title>
              {description ? (
                <Vaul.Description className="drawer-description">{description}</Vaul.Description>
              ) : null}
            </div>
          }
          after={
            <Modal.Close>
              <IconButton mode="plain" size="l" className="icon-button" aria-label={t("common.close")}>
                <X size={20} aria-hidden="true" />
              </IconButton>
            </Modal.Close>
          }
        />
      }
    >
      <div className="sheet-body">{children}</div>
      {footer ? <SheetFooter>{footer}</SheetFooter> : null}
    </Modal>
  );
}
