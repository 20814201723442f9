import { Button } from "@telegram-apps/telegram-ui";
import { Copy, Gift, Share2 } from "lucide-react";
import { referralPath } from "#api/contracts/app-links";
import type { MyReferrals } from "#api/contracts/referrals";
import { PageHeader } from "../components/page-header";
import { ResourceView, StateView } from "../components/state-view";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { copyText } from "../lib/clipboard";
import { toast } from "../lib/toast";
import { useResource } from "../lib/use-resource";
import { telegram } from "../telegram/controls";
import "./invite-page.css";

const fetchReferrals = async (signal: AbortSignal) =>
  call(api.me.referrals.$get(undefined, { init: { signal } }));

/** Inside Telegram the Mini App's link (startapp=ref_<code>); on the web the site's (/?ref=<code>). */
export const inviteLink = (data: MyReferrals): string =>
  (telegram() ? data.telegramLink : null) ??
  data.webLink ??
  `${window.location.origin}${referralPath(data.code)}`;

function RewardText({ data }: { data: MyReferrals }) {
  const { t } = useT();
  const { reward } = data;
  if (!reward) return <p className="hint">{t("referral.noReward")}</p>;
  const text =
    reward.kind === "credits"
      ? t("referral.rewardCredits", { amount: reward.amount, days: data.holdDays })
      : t("referral.rewardDays", { count: reward.days, name: reward.tierName ?? "", days: data.holdDays });
  return <p className="invite-reward">{text}</p>;
}

function Invite({ data }: { data: MyReferrals }) {
  const { t } = useT();
  const link = inviteLink(data);
  const copyLink = async () => {
    if (await copyText(link)) toast.success(t("referral.copied"), { description: link });
    else toast.error(t("referral.copyFailed"));
  };
  const share = async () => {
    const tg = telegram();
    const text = t("referral.shareText");
    if (tg) {
      // Telegram's own share sheet (openTelegramLink on t.me/share/url): the member picks the chats.
      tg.openLink(`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`);
    } else if (typeof navigator.share === "function") {
      await navigator.share({ url: link, text }).catch(() => {});
    } else {
      await copyLink();
    }
  };
  return (
    <div className="invite">
      <div className="card invite-card">
        <span className="invite-icon" aria-hidden="true">
          <Gift size={28} />
        </span>
        <RewardText data={data} />
        <label className="field-label" htmlFor="invite-link">
          {t("referral.yourLink")}
        </label>
        <div className="invite-link-row">
          <input
            id="invite-link"
            className="invite-link"
            readOnly
            value={link}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="invite-link"
          />
          <Button mode="bezeled" size="m" aria-label={t("referral.copy")} onClick={() => void copyLink()}>
            <Copy size={18} aria-hidden="true" />
          </Button>
        </div>
        <Button
          size="l"
          stretched
          before={<Share2 size={18} aria-hidden="true" />}
          onClick={() => void share()}
          data-testid="invite-share"
        >
          {t("referral.share")}
        </Button>
      </div>
      <dl className="invite-counts" data-testid="invite-counts">
        <div className="card">
          <dt>{t("referral.joined")}</dt>
          <dd>{data.joined}</dd>
        </div>
        <div className="card">
          <dt>{t("referral.rewarded")}</dt>
          <dd>{data.rewarded}</dd>
        </div>
      </dl>
      <p className="hint">{t("referral.howItWorks", { days: data.holdDays })}</p>
    </div>
  );
}

/**
 * /settings/invite: the member's referral link with Share (Telegram's share sheet, the Web Share API,
 * or a copy), friends joined and rewarded, and the reward; when the programme is off it says so.
 */
export default function InvitePage() {
  const { t } = useT();
  const referrals = useResource("my-referrals", fetchReferrals);
  return (
    <div className="page settings-page">
      <PageHeader title={t("referral.title")} back="/settings" />
      <ResourceView
        resource={referrals}
        loadingLabel={t("referral.loading")}
        errorMessage={errorMessage(
          referrals.status === "error" ? referrals.error : null,
          t("referral.failed"),
        )}
      >
        {(data) =>
          data.enabled ? (
            <Invite data={data} />
          ) : (
            <StateView
              kind="empty"
              testId="invite-off"
              icon={<Gift size={40} />}
              title={t("referral.off")}
              description={t("referral.offText")}
            />
          )
        }
      </ResourceView>
    </div>
  );
}
