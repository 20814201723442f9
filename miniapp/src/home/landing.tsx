import { Button } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { LoaderCircle } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/use-t";
import { firstLoadMessages } from "../lib/messages";
import { lockScroll } from "../lib/scroll-lock";
import { useBottomBar } from "../lib/use-bottom-bar";
import { type AuthState, signInWithTelegram } from "../state/auth";
import { openDrawerAtom } from "../state/drawers";
import { telegram } from "../telegram/controls";
import { ChannelHeader, type ChannelResource, DEFAULT_LOGO, useChannel } from "./channel-header";
import "./landing.css";
import { lazyWithTexts } from "../i18n/lazy-with-texts";

function LandingSpinner({ label }: { label: string }) {
  return (
    <div className="landing-form landing-loading" role="status" aria-label={label}>
      <LoaderCircle size={24} className="spin" aria-hidden="true" />
    </div>
  );
}

// Only a signed-in member who has not confirmed their age needs the form (and its kit parts).
const AgeGate = lazy(() => import("./age-gate"));
// Join's sheet (and the kit's Modal under it) loads when Join is pressed.
const GetStartedSheet = lazyWithTexts(() => import("./get-started-sheet"));

/** The hero: the channel's video, else its logo image, else a placeholder. */
function Hero({ channel }: { channel: ChannelResource }) {
  const [videoFailed, setVideoFailed] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const data = channel.status === "ready" ? channel.data : null;
  const videoUrl = data?.heroVideoUrl && !videoFailed ? data.heroVideoUrl : null;

  useEffect(() => {
    const element = video.current;
    if (!element || !videoUrl) return;
    // Muted before playing, or browsers refuse to autoplay.
    element.muted = true;
    element.play().catch(() => {});
  }, [videoUrl]);

  if (!data) return <div className="landing-hero skeleton" aria-hidden="true" />;
  if (videoUrl) {
    return (
      <div className="landing-hero">
        <video
          ref={video}
          className="landing-hero-media"
          src={videoUrl}
          muted
          autoPlay
          loop
          playsInline
          preload="auto"
          tabIndex={-1}
          data-testid="hero-video"
          onError={() => setVideoFailed(true)}
        />
      </div>
    );
  }
  if (data.logoUrl && !logoFailed) {
    return (
      <div className="landing-hero">
        <img
          className="landing-hero-media landing-hero-logo"
          src={data.logoUrl}
          alt=""
          data-testid="hero-image"
          onError={() => setLogoFailed(true)}
        />
      </div>
    );
  }
  return (
    // No video and no logo (or one that fails to load): the default logo on a soft backdrop, never
    // a broken-image icon.
    <div className="landing-hero landing-hero-placeholder" data-testid="hero-placeholder">
      <img className="landing-hero-default" src={DEFAULT_LOGO} alt="" width={96} height={96} />
    </div>
  );
}

/** Inside Telegram, signed out: the sign-in refusal with Retry, or (after signing out) sign in again. */
function TelegramSignIn({ error, expired }: { error: string | null; expired: boolean }) {
  const tg = telegram();
  const { t } = useT();
  return (
    <div className="landing-form">
      {error ? (
        <p className="landing-error" role="alert" data-testid="telegram-auth-error">
          {error}
        </p>
      ) : null}
      {expired && tg ? (
        // Old launch data never verifies again: reopening the app is the way back in.
        <Button type="button" size="l" stretched onClick={() => tg.close()}>
          {t("common.close")}
        </Button>
      ) : (
        <Button type="button" size="l" stretched onClick={() => void signInWithTelegram()}>
          {error ? t("common.retry") : t("landing.continueWithTelegram")}
        </Button>
      )}
    </div>
  );
}

function JoinBar() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  return (
    <Button
      type="button"
      size="l"
      stretched
      className="landing-join"
      onClick={() => setOpenDrawer("get-started")}
    >
      {t("landing.join")}
    </Button>
  );
}

/**
 * Home before (age-verified) sign-in: the hero, the channel block, and a bottom bar with the way in
 * (Join on the web; Telegram's sign-in inside Telegram; the age checkbox once signed in), the policy
 * links and the 21+ notice. The page does not scroll meanwhile.
 */
export function Landing({ auth, openDrawer }: { auth: AuthState; openDrawer: string | null }) {
  const { t } = useT();
  const channel = useChannel();
  useEffect(() => lockScroll(), []);
  const inTelegram = telegram() !== null;
  const bar = useRef<HTMLDivElement>(null);
  // The page cannot scroll, so the hero gives up height to whatever the bottom bar needs (the age
  // gate's bar is taller than Join's).
  useBottomBar(bar);

  let action: ReactNode;
  if (auth.status === "loading") {
    action = <LandingSpinner label={t("landing.signingIn")} />;
  } else if (auth.status === "signed-in") {
    action = (
      <Suspense fallback={<LandingSpinner label={t("common.loading")} />}>
        <AgeGate />
      </Suspense>
    );
  } else if (inTelegram || auth.telegramError) {
    action = <TelegramSignIn error={auth.telegramError} expired={auth.telegramExpired ?? false} />;
  } else {
    action = <JoinBar />;
  }

  return (
    <div className="landing" data-testid="landing">
      <Hero channel={channel} />
      <ChannelHeader channel={channel} />
      {channel.status === "ready" ? (
        <ul className="landing-bullets">
          {channel.data.featureBullets.map((bullet) => (
            <li key={bullet.text}>
              <span aria-hidden="true">{bullet.emoji}</span> {bullet.text}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="bottom-bar landing-bar" ref={bar}>
        {action}
        <p className="landing-notice">{firstLoadMessages.landingAgeNotice}</p>
        <nav className="landing-links" aria-label={t("landing.policies")}>
          <Link to="/terms-of-service">{t("landing.terms")}</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">{t("landing.privacy")}</Link>
        </nav>
      </div>
      {openDrawer === "get-started" ? (
        <Suspense fallback={<div className="sheet-pending" aria-busy="true" />}>
          <GetStartedSheet />
        </Suspense>
      ) : null}
    </div>
  );
}
