import { Button } from "@telegram-apps/telegram-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../i18n/use-t";
import { BottomSheet } from "./bottom-sheet";
import "./confirm-sheet.css";

// While the action is on its way the sheet stays: Escape, the backdrop and its X do nothing.
const stay = () => {};

/**
 * A confirmation before a change that cannot be taken back (delete, refund): its words, Cancel and
 * the action in red (`tone="plain"`: the app's button, for one that destroys nothing, as a post to a
 * chat). While `onConfirm` runs, the action shows its spinner and Cancel is off; the
 * caller closes the sheet (or keeps it, after a failure) when it is done.
 */
export function ConfirmSheet({
  title,
  action,
  onConfirm,
  onClose,
  tone = "destructive",
  className,
  children,
}: {
  title: string;
  action: string;
  tone?: "destructive" | "plain";
  onConfirm: () => Promise<void>;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      if (mounted.current) setBusy(false);
    }
  };
  return (
    <BottomSheet
      open
      onClose={busy ? stay : onClose}
      title={title}
      className={className}
      footer={
        <div className="confirm-sheet-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button
            size="l"
            stretched
            className={tone === "destructive" ? "confirm-sheet-action" : undefined}
            loading={busy}
            onClick={() => void confirm()}
          >
            {action}
          </Button>
        </div>
      }
    >
      <p className="confirm-sheet-text">{children}</p>
    </BottomSheet>
  );
}
