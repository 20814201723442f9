import { useEffect } from "react";
import { toast } from "sonner";
import type { ChannelInfo } from "#api/contracts/channel";
import { fetchChannel } from "../lib/api";
import { memberCountText } from "../lib/format";
import { type Resource, useResource } from "../lib/use-resource";

export type ChannelResource = Resource<ChannelInfo> & { reload: () => void };

/** The channel settings, kept fresh: the landing loads them once for its hero and this block. */
export const useChannel = (enabled = true): ChannelResource =>
  useResource("channel", fetchChannel, { refetchOn: "channel_settings", enabled });

export const DEFAULT_LOGO = "/default-logo.svg";

/** Round logo, channel name and "N members"; reloads when the channel settings change. */
export function ChannelHeader({ channel: given }: { channel?: ChannelResource }) {
  const own = useChannel(given === undefined);
  const channel = given ?? own;

  useEffect(() => {
    if (channel.status === "error") toast.error("Failed to load channel", { id: "load-channel" });
  }, [channel.status]);

  if (channel.status === "error") {
    return (
      <section className="channel-header state-message">
        <p>Failed to load channel</p>
        <button type="button" className="button button-secondary" onClick={channel.reload}>
          Retry
        </button>
      </section>
    );
  }
  if (channel.status === "loading") {
    return (
      <section
        className="channel-header"
        aria-busy="true"
        aria-label="Loading channel"
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
        alt={`${channelName} logo`}
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
