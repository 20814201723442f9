import { Camera, UserRound } from "lucide-react";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { type AvatarResult, updateProfileSchema } from "#api/contracts/account";
import type { Me } from "#api/contracts/me";
import { Field } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { avatarProblem } from "../../lib/account-rules";
import { api, errorMessage, failure } from "../../lib/api";
import { validateForm } from "../../lib/form-issues";
import { authHeaders } from "../../lib/session";
import { signedInUser, updateMe, useAuth } from "../../state/auth";

function Avatar({ me }: { me: Me }) {
  return me.avatarUrl ? (
    <img className="avatar" src={me.avatarUrl} alt="You" width={96} height={96} />
  ) : (
    <div className="avatar avatar-empty" role="img" aria-label="No avatar yet">
      <UserRound size={40} aria-hidden="true" />
    </div>
  );
}

export default function ProfilePage() {
  const me = signedInUser(useAuth());
  const navigate = useNavigate();
  const [fullName, setFullName] = useState(me?.fullName ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  if (!me) return null;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch("/api/me/avatar", { method: "POST", headers: authHeaders(), body });
      if (!response.ok) throw await failure(response);
      const result = (await response.json()) as AvatarResult;
      updateMe(result.user);
      toast.success("Profile picture updated!");
    } catch (failed) {
      toast.error(errorMessage(failed));
    } finally {
      setUploading(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateForm(updateProfileSchema, { fullName });
    if (!parsed.ok) {
      setError(parsed.fields.fullName ?? null);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const response = await api.me.$patch({ json: parsed.data });
      if (!response.ok) throw await failure(response);
      updateMe((await response.json()) as Me);
      toast.success("Profile updated");
      navigate("/settings");
    } catch (failed) {
      toast.error(errorMessage(failed));
      setSaving(false);
    }
  };

  return (
    <div className="page settings-page">
      <PageHeader title="Edit Profile" back="/settings" />
      <div className="avatar-row">
        <Avatar me={me} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
        >
          <Camera size={18} aria-hidden="true" />
          {uploading ? "Uploading..." : "Change Photo"}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={upload}
          data-testid="avatar-input"
          aria-label="Profile picture"
        />
      </div>
      <form className="form" onSubmit={save} noValidate aria-label="Profile">
        <Field
          label="Full Name"
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={error}
        />
        <Field
          label="Email"
          name="email"
          value={me.email ?? ""}
          placeholder="No email yet"
          readOnly
          note={
            me.email
              ? "Your email is changed under Password & Security."
              : "Add an email under Password & Security to sign in on the web."
          }
        />
        <button type="submit" className="button button-primary button-block" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </form>
    </div>
  );
}
