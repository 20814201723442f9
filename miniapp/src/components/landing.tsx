import { useSetAtom } from "jotai";
import { ImageOff, LoaderCircle, LogIn, ShoppingBag } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../lib/api";
import { firstLoadMessages } from "../lib/messages";
import { lockScroll } from "../lib/scroll-lock";
import { type AuthState, confirmAge, signInWithTelegram, signOut } from "../state/auth";
import { authTabAtom, openDrawerAtom } from "../state/drawers";
import { telegram } from "../telegram/controls";
import { ChannelHeader, type ChannelResource, useChannel } from "./channel-header";
import { Drawer } from "./drawer";

/** The hero: the channel's video, else its logo image, else a placeholder. */
function Hero({ channel }: { channel: ChannelResource }) {
  const [videoFailed, setVideoFailed] = useState(false);
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
  if (data.logoUrl) {
    return (
      <div className="landing-hero">
        <img
          className="landing-hero-media landing-hero-logo"
          src={data.logoUrl}
          alt=""
          data-testid="hero-image"
        />
      </div>
    );
  }
  return (
    <div className="landing-hero landing-hero-placeholder" data-testid="hero-placeholder">
      <ImageOff size={36} aria-hidden="true" />
    </div>
  );
}

/** Shop (sign-up) or Login, both into the auth dialog. */
function GetStartedSheet({ open }: { open: boolean }) {
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const setTab = useSetAtom(authTabAtom);
  const choose = (tab: "login" | "signup") => {
    setTab(tab);
    setOpenDrawer("auth");
  };
  return (
    <Drawer
      open={open}
      onClose={() => setOpenDrawer(null)}
      title="Get Started"
      description="Join the members-only channel and shop."
      placement="bottom"
    >
      <div className="choice-list">
        <button type="button" className="choice" onClick={() => choose("signup")}>
          <ShoppingBag size={22} aria-hidden="true" />
          <span className="choice-text">
            <span className="choice-title">Shop</span>
            <span className="choice-hint">New here? Create your account.</span>
          </span>
        </button>
        <button type="button" className="choice" onClick={() => choose("login")}>
          <LogIn size={22} aria-hidden="true" />
          <span className="choice-text">
            <span className="choice-title">Login</span>
            <span className="choice-hint">Already a member? Sign in.</span>
          </span>
        </button>
      </div>
    </Drawer>
  );
}

/** The sign-up's age checkbox, for someone signed in (by Telegram) who has not confirmed yet. */
function AgeGate() {
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) {
      setError(firstLoadMessages.ageRequired);
      toast.error(firstLoadMessages.validationError, { description: firstLoadMessages.ageRequired });
      return;
    }
    setBusy(true);
    try {
      await confirmAge();
    } catch (failure) {
      toast.error("Error", { description: errorMessage(failure) });
      setBusy(false);
    }
  };

  const leave = async () => {
    try {
      await signOut();
      toast.success("Signed out");
    } catch (failure) {
      toast.error("Error signing out", { description: errorMessage(failure) });
    }
  };

  return (
    <form className="landing-form" onSubmit={submit} noValidate data-testid="age-gate">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={ticked}
          onChange={(event) => {
            setTicked(event.target.checked);
            if (event.target.checked) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{firstLoadMessages.ageLabel}</span>
      </label>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? "Please wait..." : "Continue"}
      </button>
      <button type="button" className="text-button" onClick={leave}>
        Sign out
      </button>
    </form>
  );
}

/** Inside Telegram, signed out: the sign-in refusal with Retry, or (after signing out) sign in again. */
function TelegramSignIn({ error }: { error: string | null }) {
  return (
    <div className="landing-form">
      {error ? (
        <p className="landing-error" role="alert" data-testid="telegram-auth-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block"
        onClick={() => void signInWithTelegram()}
      >
        {error ? "Retry" : "Continue with Telegram"}
      </button>
    </div>
  );
}

function JoinBar() {
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  return (
    <button
      type="button"
      className="button button-primary button-block landing-join"
      onClick={() => setOpenDrawer("get-started")}
    >
      Join
    </button>
  );
}

/**
 * Home before (age-verified) sign-in: the hero, the channel block, and a bottom bar with the way in
 * (Join on the web; Telegram's sign-in inside Telegram; the age checkbox once signed in), the policy
 * links and the 21+ notice. The page does not scroll meanwhile.
 */
export function Landing({ auth, openDrawer }: { auth: AuthState; openDrawer: string | null }) {
  const channel = useChannel();
  useEffect(() => lockScroll(), []);
  const inTelegram = telegram() !== null;
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  // The page cannot scroll, so the hero gives up height to whatever the bottom bar needs (the age
  // gate's bar is taller than Join's): the bar's height is re-measured whenever it changes.
  useEffect(() => {
    const barElement = bar.current;
    if (!barElement || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      root.current?.style.setProperty("--landing-bar-height", `${barElement.offsetHeight}px`);
    });
    observer.observe(barElement);
    return () => observer.disconnect();
  }, []);

  let action: ReactNode;
  if (auth.status === "loading") {
    action = (
      <div className="landing-form landing-loading" role="status" aria-label="Signing in">
        <LoaderCircle size={24} className="spin" aria-hidden="true" />
      </div>
    );
  } else if (auth.status === "signed-in") {
    action = <AgeGate />;
  } else if (inTelegram || auth.telegramError) {
    action = <TelegramSignIn error={auth.telegramError} />;
  } else {
    action = <JoinBar />;
  }

  return (
    <div className="landing" data-testid="landing" ref={root}>
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
      <div className="landing-bar" ref={bar}>
        {action}
        <p className="landing-notice">{firstLoadMessages.landingAgeNotice}</p>
        <nav className="landing-links" aria-label="Policies">
          <Link to="/terms-of-service">Terms of Service</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </div>
      <GetStartedSheet open={openDrawer === "get-started"} />
    </div>
  );
}
