import { Button } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { LayoutGrid } from "lucide-react";
import { lazy, Suspense } from "react";
import { StateView } from "../components/state-view";
import { lazyWithFeedTexts } from "../i18n/lazy-with-texts";
import { useT } from "../i18n/use-t";
import { launchSignsIn, useAuth } from "../state/auth";
import { openDrawerAtom } from "../state/drawers";
import { ChannelHeader } from "./channel-header";

// The feed's code loads for members only: web visitors' first screen is the landing.
const Feed = lazyWithFeedTexts(() => import("../feed/feed"));
// The landing's code loads when it shows: a launch that signs someone in lands on the feed without
// it, and main.tsx fetches it at once for every other launch.
const Landing = lazy(() => import("./landing").then(({ Landing }) => ({ default: Landing })));

/**
 * Signed in and age-verified: the channel and its feed; while a launch signs someone in, the
 * channel and the sign-in's spinner; else the landing.
 */
export default function HomePage() {
  const { t } = useT();
  const auth = useAuth();
  const openDrawer = useAtomValue(openDrawerAtom);
  if (auth.status === "signed-in" && auth.me.ageVerified) return <MemberHome />;
  if (auth.status === "loading" && launchSignsIn()) {
    return (
      <div className="page home-page" data-testid="member-home-pending">
        <ChannelHeader />
        <StateView kind="loading" label={t("landing.signingIn")} />
      </div>
    );
  }
  return (
    <Suspense fallback={<StateView kind="loading" label={t("common.loading")} />}>
      <Landing auth={auth} openDrawer={openDrawer} />
    </Suspense>
  );
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
