import { LoaderCircle } from "lucide-react";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <LoaderCircle size={28} className="spin" aria-hidden="true" />
    </div>
  );
}
