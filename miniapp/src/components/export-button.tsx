import { Button } from "@telegram-apps/telegram-ui";
import { Download } from "lucide-react";
import { useState } from "react";
import { useT } from "../i18n/use-t";
import { errorMessage, failedAnswer, requestHeaders } from "../lib/api";
import { toast } from "../lib/toast";
import "./export-button.css";

/** The file name the server gave in Content-Disposition, else `fallback`. */
function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

/**
 * Downloads one of /api/admin/exports/*.csv. A plain link would carry the web's cookie but not the
 * Mini App's Bearer token (cookies are unreliable in Telegram's WebView), so the file is fetched with
 * the session like every call and handed to the browser as a blob under the server's file name.
 */
export function ExportButton({
  path,
  fallbackName,
  disabled = false,
}: {
  path: string;
  fallbackName: string;
  disabled?: boolean;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(path, {
        headers: requestHeaders(),
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!res.ok) throw failedAnswer(res.status, await res.json().catch(() => null));
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(res, fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(t("export.failed"), { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="s"
      mode="bezeled"
      className="export-button"
      loading={busy}
      disabled={disabled}
      before={<Download size={16} aria-hidden="true" />}
      onClick={() => void download()}
    >
      {t("export.label")}
    </Button>
  );
}
