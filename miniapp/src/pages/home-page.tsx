import { useAtomValue, useSetAtom } from "jotai";
import { LayoutGrid } from "lucide-react";
import { ChannelHeader } from "../components/channel-header";
import { Landing } from "../components/landing";
import { useAuth } from "../state/auth";
import { openDrawerAtom } from "../state/drawers";

/** Signed in and age-verified: the channel (its feed comes with the feed issue); else the landing. */
export default function HomePage() {
  const auth = useAuth();
  const openDrawer = useAtomValue(openDrawerAtom);
  if (auth.status !== "signed-in" || !auth.me.ageVerified) {
    return <Landing auth={auth} openDrawer={openDrawer} />;
  }
  return <MemberHome />;
}

function MemberHome() {
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  return (
    <div className="page home-page" data-testid="member-home">
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
