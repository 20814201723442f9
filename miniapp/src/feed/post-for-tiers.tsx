import { Button } from "@telegram-apps/telegram-ui";
import { useAtomValue, useSetAtom } from "jotai";
import { Lock } from "lucide-react";
import { useEffect, useRef } from "react";
import type { PostTier } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { listText } from "../lib/format";
import { openDrawerAtom } from "../state/drawers";
import "./post-for-tiers.css";

// Posts for some tiers (decision 118), in one chunk of their own: only a feed holding such a post
// loads it.

/**
 * A post for tiers the reader is not on: the server sent none of it, so the card says which plan
 * opens it (the first of its tiers: offered, then the cheapest) and opens the plan picker. Without a
 * tier left to name (all of them deleted), it says another plan does.
 */
export function LockedPost({ tier }: { tier: PostTier | undefined }) {
  const { t } = useT();
  const openDrawer = useSetAtom(openDrawerAtom);
  return (
    <div className="message-locked" data-testid="message-locked">
      <span className="message-locked-icon" aria-hidden="true">
        <Lock size={22} />
      </span>
      <p className="message-locked-title">
        {tier ? t("feed.lockedTitle", { plan: tier.name }) : t("feed.lockedTitleOther")}
      </p>
      <p className="message-locked-text">
        {tier ? t("feed.lockedText", { plan: tier.name }) : t("feed.lockedTextOther")}
      </p>
      <Button mode="filled" size="m" stretched onClick={() => openDrawer("plan")}>
        {t("feed.lockedButton")}
      </Button>
    </div>
  );
}

/** Who a post is for, shown to those who may read it (staff, members of its tiers). */
export function PostTiers({ tiers }: { tiers: PostTier[] }) {
  const { t, language } = useT();
  return (
    <span className="message-tiers">
      <Lock size={14} aria-hidden="true" />
      {t("feed.forTiers", {
        tiers: listText(
          tiers.map((tier) => tier.name),
          language,
        ),
      })}
    </span>
  );
}

/**
 * While the feed holds a locked post: once the plan picker (its button opens it) closes, the feed's
 * first page again, so a post the new plan opens shows.
 */
export function RefreshWhenPlanChosen({ refresh }: { refresh: () => void }) {
  const drawer = useAtomValue(openDrawerAtom);
  const previous = useRef(drawer);
  useEffect(() => {
    if (previous.current === "plan" && drawer !== "plan") refresh();
    previous.current = drawer;
  }, [drawer, refresh]);
  return null;
}
