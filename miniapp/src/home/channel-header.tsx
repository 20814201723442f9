import { useEffect } from "react";
import type { ChannelInfo } from "#api/contracts/channel";
import { t as text } from "../i18n/i18n";
import { useT } from "../i18n/use-t";
import { fetchChannel } from "../lib/api";
import { takeBootChannel } from "../lib/boot-data";
import { memberCountText } from "../lib/format";
import { toast } from "../lib/toast";
import { type Resource, useResource } from "../lib/use-resource";
import "./channel-header.css";
import { StateView } from "../components/state-view";

export type ChannelResource = Resource<ChannelInfo> & { reload: () => void };

/** The channel settings, kept fresh: the landing loads them once for its hero and this block. */
export const useChannel = (enabled = true): ChannelResource =>
  useResource("channel", fetchChannel, {
    refetchOn: "channel_settings",
    enabled,
    initial: enabled ? takeBootChannel() : undefined,
  });

export const DEFAULT_LOGO = "/default-logo.svg";

/** Round logo, channel name and "N members"; reloads when the channel settings change. */
export function ChannelHeader({ channel: given }: { channel?: ChannelResource }) {
  const own = useChannel(given === undefined);
  const channel = given ?? own;
  const { t } = useT();

  useEffect(() => {
    if (channel.status === "error") toast.error(text("home.channelFailed"), { id: "load-channel" });
  }, [channel.status]);

  if (channel.status === "error") {
    return (
      <section className="channel-header">
        <StateView kind="error" message={t("home.channelFailed")} onRetry={channel.reload} />
      </section>
    );
  }
  if (channel.status === "loading") {
    return (
      <section
        className="channel-header"
        aria-busy="true"
        aria-label={t("home.channelLoading")}
        data-testid="channel-skeleton"
      >
        <div className="skeleton skeleton-logo" />
        <div className="skeleton skeleton-line skeleton-name" />
        <div className="skeleton skeleton-line skeleton-count" />
      </section>
    );
  }
  const { channelName, channelUsername, memberCount, logoUrl } = channel.data;
  return (
    <section className="channel-header" data-testid="channel-header">
      <img
        key={logoUrl ?? DEFAULT_LOGO}
        className="channel-logo"
        src={logoUrl ?? DEFAULT_LOGO}
        alt={t("home.channelLogo", { name: channelName })}
        width={88}
        height={88}
        onError={(event) => {
          const image = event.currentTarget;
          // Once: if the default logo itself failed, stop rather than loop.
          if (!image.src.endsWith(DEFAULT_LOGO)) image.src = DEFAULT_LOGO;
        }}
      />
      <h1 className="channel-name">{channelName}</h1>
      {channelUsername ? <p className="channel-username">@{channelUsername.replace(/^@/, "")}</p> : null}
      <p className="channel-members">{memberCountText(memberCount)}</p>
    </section>
  );
}
