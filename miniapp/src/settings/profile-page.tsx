import { Button } from "@telegram-apps/telegram-ui";
import { Camera, UserRound } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { updateProfileSchema } from "#api/contracts/account";
import type { Me } from "#api/contracts/me";
import { Field } from "../components/field";
import { PageHeader } from "../components/page-header";
import { useT } from "../i18n/use-t";
import { api, call, errorMessage } from "../lib/api";
import { toast } from "../lib/toast";
import { useContractForm } from "../lib/use-contract-form";
import { signedInUser, updateMe, useAuth } from "../state/auth";
import { avatarProblem } from "./account-rules";
import "./profile-page.css";

function Avatar({ me }: { me: Me }) {
  const { t } = useT();
  return me.avatarUrl ? (
    <img className="avatar" src={me.avatarUrl} alt={t("profile.you")} width={96} height={96} />
  ) : (
    <div className="avatar avatar-empty" role="img" aria-label={t("profile.noAvatar")}>
      <UserRound size={40} aria-hidden="true" />
    </div>
  );
}

export default function ProfilePage() {
  const { t, tm } = useT();
  const me = signedInUser(useAuth());
  const navigate = useNavigate();
  const form = useContractForm(updateProfileSchema, { fullName: me?.fullName ?? "" });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  if (!me) return null;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(tm(problem));
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append("file", file);
      // The route streams the body itself (no validator), so the form goes in as the request body.
      const result = await call(api.me.avatar.$post(undefined, { init: { body: form } }));
      updateMe(result.user);
      toast.success(t("profile.pictureUpdated"));
    } catch (failed) {
      toast.error(errorMessage(failed));
    } finally {
      setUploading(false);
    }
  };

  const save = form.submit(async (data) => {
    try {
      updateMe(await call(api.me.$patch({ json: data })));
      toast.success(t("profile.updated"));
      navigate("/settings");
    } catch (failed) {
      toast.error(errorMessage(failed));
    }
  });

  return (
    <div className="page settings-page">
      <PageHeader title={t("profile.title")} back="/settings" />
      <div className="avatar-row">
        <Avatar me={me} />
        <Button
          type="button"
          mode="bezeled"
          size="l"
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
          before={<Camera size={18} aria-hidden="true" />}
        >
          {uploading ? t("profile.uploading") : t("profile.changePhoto")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={upload}
          data-testid="avatar-input"
          aria-label={t("profile.picture")}
        />
      </div>
      <form className="form" onSubmit={save} noValidate aria-label={t("profile.form")}>
        <Field
          label={t("profile.fullName")}
          name="fullName"
          autoComplete="name"
          {...form.input("fullName")}
        />
        <Field
          label={t("profile.email")}
          name="email"
          value={me.email ?? ""}
          placeholder={t("profile.noEmail")}
          readOnly
          note={me.email ? t("profile.emailChangedInSecurity") : t("profile.addEmailInSecurity")}
        />
        <Button type="submit" size="l" stretched disabled={form.busy}>
          {form.busy ? t("profile.saving") : t("profile.save")}
        </Button>
      </form>
    </div>
  );
}
