import { lazy, Suspense } from "react";
import type { PanelProps } from "./drawer";

// The kit's Modal (vaul and Radix's dialog) is its own chunk: it loads when a sheet first opens,
// so it never weighs on the first load.
const KitSheet = lazy(() => import("./bottom-sheet-modal"));

/** A bottom sheet: the kit's Modal with our title, description, close button and footer. */
export function BottomSheet(props: PanelProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<div className="sheet-pending" aria-busy="true" />}>
      <KitSheet {...props} />
    </Suspense>
  );
}
