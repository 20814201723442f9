import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { Lock } from "lucide-react";
import type { PostTier } from "#api/contracts/feed";
import { useT } from "../i18n/use-t";
import { openDrawerAtom } from "../state/drawers";
import "./locked-post.css";

/**
 * A post for tiers the reader is not on (decision 118): the server sent none of it, so the card says
 * which plan opens it (the first of its tiers: offered, then the cheapest) and opens the plan picker.
 * Without a tier left to name (all of them deleted), it says another plan does. Its own chunk: only
 * a feed holding a locked post loads it.
 */
export default function LockedPost({ tier }: { tier: PostTier | undefined }) {
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
