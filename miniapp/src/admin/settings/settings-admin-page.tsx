import { Button, Cell, Section, Switch } from "@telegram-apps/telegram-ui";
import { RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import {
  type ChannelSettings,
  adminSettingsMessages as texts,
  type UpdateSettings,
  updateSettingsSchema,
} from "#api/contracts/admin-settings";
import { uploadKinds } from "#api/contracts/uploads";
import { Field } from "../../components/field";
import { TextAreaField } from "../../components/form-controls";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { DEFAULT_LOGO } from "../../home/channel-header";
import { translateMessage } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { memberCountText } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { SettingsUpload } from "./settings-upload";
import "./settings-admin-page.css";

async function fetchSettings(signal: AbortSignal): Promise<ChannelSettings> {
  return (await call(api.admin.settings.$get(undefined, { init: { signal } }))).settings;
}

type Values = Omit<ChannelSettings, "id" | "channelName" | "channelUsername" | "memberCount"> & {
  channelName: string;
  channelUsername: string;
  memberCount: string;
  welcomeMessage: string;
  storeDescription: string;
};

const valuesOf = (settings: ChannelSettings): Values => ({
  ...settings,
  channelName: settings.channelName ?? "",
  channelUsername: settings.channelUsername ?? "",
  memberCount: settings.memberCount ?? "",
  welcomeMessage: settings.welcomeMessage ?? "",
  storeDescription: settings.storeDescription ?? "",
});

const switches = [
  {
    key: "ageVerificationEnabled",
    label: "admin.settings.ageVerification",
    description: "admin.settings.ageVerificationHint",
  },
  {
    // The spec's email_notifications switches every order notice, by bot and by mail: named for that.
    key: "emailNotifications",
    label: "admin.settings.orderNotices",
    description: "admin.settings.orderNoticesHint",
  },
  {
    key: "lowStockAlerts",
    label: "admin.settings.lowStockAlerts",
    description: "admin.settings.lowStockAlertsHint",
  },
] as const;

/** The zones the device knows, offered as the time zone field's suggestions (any IANA name may be typed). */
const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
};

/** The logo, the hero video, the channel's texts and the switches; Save sends them all at once. */
function SettingsForm({ initial }: { initial: ChannelSettings }) {
  const { t, tm } = useT();
  // The server checks Save with the contract and says its first refusal in the toast.
  const form = useContractForm(updateSettingsSchema, (): Values => valuesOf(initial));
  const { values, set, setValues, busy: saving, setBusy: setSaving } = form;
  const [syncing, setSyncing] = useState(false);
  const zoneListId = useId();
  const [zones] = useState(timeZones);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const json: UpdateSettings = { ...values };
      setValues(valuesOf((await call(api.admin.settings.$put({ json }))).settings));
      toast.success(tm(texts.saved));
    } catch (error) {
      toast.error(tm(texts.saveFailed), { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const sync = async () => {
    setSyncing(true);
    try {
      const found = await call(api.admin.settings["telegram-sync"].$post());
      setValues((all) => ({ ...all, memberCount: found.memberCount, logoUrl: found.logoUrl ?? all.logoUrl }));
      toast.success(tm(texts.synced), { description: t("admin.settings.saveToShow") });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSyncing(false);
    }
  };

  const busy = saving || syncing;
  return (
    <form
      className="form settings-admin-form"
      onSubmit={save}
      noValidate
      aria-label={t("admin.settings.form")}
    >
      <div className="settings-admin-uploads">
        <SettingsUpload
          kind={uploadKinds.logo}
          endpoint="/api/admin/settings/logo"
          texts={{
            title: t("admin.settings.channelLogo"),
            choose: t("admin.settings.uploadLogo"),
            accept: "image/*",
            uploaded: tm(texts.logoUploaded),
            failed: tm(texts.logoFailed),
          }}
          url={values.logoUrl}
          onChange={(url) => set("logoUrl", url)}
          disabled={busy}
          preview={
            <img
              className="settings-logo"
              src={values.logoUrl ?? DEFAULT_LOGO}
              alt={t("admin.settings.logoAlt")}
              width={88}
              height={88}
            />
          }
        />
        <SettingsUpload
          kind={uploadKinds.heroVideo}
          endpoint="/api/admin/settings/hero-video"
          texts={{
            title: t("admin.settings.heroVideo"),
            choose: t("admin.settings.uploadVideo"),
            accept: "video/mp4,video/webm,video/quicktime",
            uploaded: tm(texts.videoUploaded),
            failed: tm(texts.videoFailed),
          }}
          url={values.heroVideoUrl}
          onChange={(url) => set("heroVideoUrl", url)}
          disabled={busy}
          preview={
            values.heroVideoUrl ? (
              <video
                className="settings-video"
                src={values.heroVideoUrl}
                muted
                playsInline
                controls
                preload="metadata"
                data-testid="settings-hero-video"
              />
            ) : (
              <p className="settings-video settings-video-empty">{t("admin.settings.noVideo")}</p>
            )
          }
        />
      </div>
      <Field
        label={t("admin.settings.channelName")}
        name="channelName"
        {...form.input("channelName")}
        maxLength={100}
        autoComplete="off"
        disabled={busy}
      />
      <Field
        label={t("admin.settings.channelUsername")}
        name="channelUsername"
        {...form.input("channelUsername")}
        maxLength={33}
        autoComplete="off"
        // i18n-exempt: an example of a channel's @username, the same in every language.
        placeholder="shop"
        disabled={busy}
      />
      <Field
        label={t("admin.settings.memberCount")}
        name="memberCount"
        {...form.input("memberCount")}
        maxLength={20}
        placeholder="26.2K"
        note={t("admin.settings.shownAs", { text: memberCountText(values.memberCount || "26.2K") })}
        disabled={busy}
      />
      <Button
        type="button"
        mode="bezeled"
        size="m"
        before={<RefreshCw size={16} aria-hidden="true" />}
        onClick={sync}
        loading={syncing}
        disabled={busy}
      >
        {t("admin.settings.sync")}
      </Button>
      <TextAreaField
        label={t("admin.settings.welcomeMessage")}
        value={values.welcomeMessage}
        onChange={(text) => set("welcomeMessage", text)}
        maxLength={1000}
        disabled={busy}
      />
      <TextAreaField
        label={t("admin.settings.storeDescription")}
        value={values.storeDescription}
        onChange={(text) => set("storeDescription", text)}
        maxLength={2000}
        disabled={busy}
      />
      <Field
        label={t("admin.settings.timeZone")}
        name="timeZone"
        {...form.input("timeZone")}
        list={zoneListId}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        placeholder="UTC"
        note={t("admin.settings.timeZoneNote")}
        disabled={busy}
      />
      <datalist id={zoneListId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <fieldset className="choice-group">
        <legend className="section-title">{t("admin.settings.features")}</legend>
        <Section className="settings-switches">
          {switches.map((entry) => (
            <Cell
              key={entry.key}
              Component="label"
              multiline
              description={t(entry.description)}
              after={
                <Switch
                  className="app-switch"
                  checked={values[entry.key]}
                  onChange={(event) => set(entry.key, event.target.checked)}
                  disabled={busy}
                />
              }
            >
              {t(entry.label)}
            </Cell>
          ))}
        </Section>
      </fieldset>
      <Button type="submit" size="l" stretched disabled={busy}>
        {saving ? (
          t("admin.settings.saving")
        ) : (
          <>
            <span className="settings-save-desktop">{t("admin.settings.saveAll")}</span>
            <span className="settings-save-mobile">{t("admin.settings.saveChanges")}</span>
          </>
        )}
      </Button>
    </form>
  );
}

/** /admin/settings (admins): the landing page editor; /admin leads here. */
export default function SettingsAdminPage() {
  const { t, tm } = useT();
  const settings = useResource("admin-settings", fetchSettings);
  useEffect(() => {
    if (settings.status === "error") toast.error(translateMessage(texts.loadFailed), { id: "load-settings" });
  }, [settings.status]);
  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.landingPage")} back="/administration">
        <p className="page-subtitle">{t("admin.settings.subtitle")}</p>
      </PageHeader>
      <ResourceView
        resource={settings}
        loadingLabel={t("admin.settings.loading")}
        errorMessage={tm(texts.loadFailed)}
      >
        {(data) => <SettingsForm initial={data} />}
      </ResourceView>
    </div>
  );
}
