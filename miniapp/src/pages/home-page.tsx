import { useSetAtom } from "jotai";
import { LayoutGrid } from "lucide-react";
import { ChannelHeader } from "../components/channel-header";
import { openDrawerAtom } from "../state/drawers";

export default function HomePage() {
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  return (
    <div className="page home-page">
      <ChannelHeader />
      <button
        type="button"
        className="button button-primary home-browse"
        onClick={() => setOpenDrawer("products")}
      >
        <LayoutGrid size={18} aria-hidden="true" />
        Browse products
      </button>
    </div>
  );
}
