import { Button } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { LayoutGrid } from "lucide-react";
import { Suspense } from "react";
import { StateView } from "../components/state-view";
import { lazyWithFeedTexts } from "../i18n/lazy-with-texts";
import { useT } from "../i18n/use-t";
import { useAuth } from "../state/auth";
import { openDrawerAtom } from "../state/drawers";
import { ChannelHeader } from "./channel-header";
import { Landing } from "./landing";

// The feed's code loads for members only: web visitors' first screen is the landing.
const Feed = lazyWithFeedTexts(() => import("../feed/feed"));

/** Signed in and age-verified: the channel and its feed; else the landing. */
export default function HomePage() {
  const auth = useAuth();
  const openDrawer = useAtomValue(openDrawerAtom);
  if (auth.status !== "signed-in" || !auth.me.ageVerified) {
    return <Landing auth={auth} openDrawer={openDrawer} />;
  }
  return <MemberHome />;
}

function MemberHome() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  return (
    <div className="page home-page" data-testid="member-home">
      <ChannelHeader />
      <Button
        type="button"
        size="l"
        className="home-browse"
        before={<LayoutGrid size={18} aria-hidden="true" />}
        onClick={() => setOpenDrawer("products")}
      >
        {t("home.browseProducts")}
      </Button>
      <Suspense fallback={<StateView kind="loading" label={t("home.loadingMessages")} />}>
        <Feed />
      </Suspense>
    </div>
  );
}
