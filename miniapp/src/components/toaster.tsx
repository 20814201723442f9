import { useEffect } from "react";
import { Toaster as SonnerToaster, toast } from "sonner";
import { isLanguage, textDirection } from "#api/contracts/languages";
import { useT } from "../i18n/use-t";
import { toasterMounted } from "../lib/toast";
import { useAppearance } from "../state/appearance";

const TOAST_BOTTOM = "calc(max(var(--safe-bottom), var(--bottom-bar-height, 0px)) + 12px)";

/** sonner's Toaster with the app's toast defaults; loaded with the first toast (see lib/toast.ts). */
export default function Toaster() {
  const { dark } = useAppearance();
  const { language } = useT();
  // After sonner's own effect (a child's effects run first): it listens by now.
  useEffect(() => toasterMounted(toast), []);
  return (
    /*
      Up to 3 toasts visible, 4000 ms each. At the bottom, above the safe area
      and any bottom bar of the page (--bottom-bar-height, which includes the safe area), so they never cover the header, a
      title, a back arrow or a sheet's close button; inside Telegram the MainButton sits below the
      web view already.
    */
    <SonnerToaster
      visibleToasts={3}
      duration={4000}
      theme={dark ? "dark" : "light"}
      // Toasts read and close on the side the language runs from.
      dir={isLanguage(language) ? textDirection(language) : "ltr"}
      position="bottom-center"
      offset={{ bottom: TOAST_BOTTOM }}
      mobileOffset={{ bottom: TOAST_BOTTOM }}
      toastOptions={{ className: "toast", classNames: { actionButton: "toast-action" } }}
    />
  );
}
