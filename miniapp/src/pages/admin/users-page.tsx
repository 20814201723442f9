import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { AdminUser, AdminUserList } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { api, failure } from "../../lib/api";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { forgetRoles } from "../../state/roles";

const roleLabels: Record<Role, string> = { admin: "Admin", moderator: "Moderator", employee: "Employee" };
const roleOrder: Role[] = ["admin", "moderator", "employee"];

async function fetchUsers(signal: AbortSignal): Promise<AdminUser[]> {
  const response = await api.admin.users.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as AdminUserList).users;
}

function UserRow({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const me = signedInUser(useAuth());
  const [busy, setBusy] = useState(false);
  const change = async (role: Role) => {
    setBusy(true);
    try {
      const response = await api.admin.users[":id"].role.$put({ param: { id: user.id }, json: { role } });
      if (!response.ok) throw await failure(response);
      const { user: updated } = (await response.json()) as { user: AdminUser };
      onChanged(updated);
      // Changing one's own role: the next permission check asks the server again.
      if (me?.id === user.id) forgetRoles(user.id);
      toast.success("Role updated successfully");
    } catch (failed) {
      toast.error("Failed to update role", {
        description: failed instanceof Error && !/^HTTP/.test(failed.message) ? failed.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  const label = user.fullName || "No name";
  return (
    <li className="user-row" data-testid="user-row">
      <div className="user-info">
        <p className="user-name">{label}</p>
        <p className="user-email">{user.email ?? "No email"}</p>
        <div className="role-badges">
          {user.roles.length === 0 ? (
            <span className="hint">No role assigned</span>
          ) : (
            user.roles.map((role) => (
              <span key={role} className={`badge badge-role badge-role-${role}`}>
                {roleLabels[role]}
              </span>
            ))
          )}
        </div>
      </div>
      <select
        className="select"
        aria-label={`Role for ${label}`}
        value={user.roles[0] ?? ""}
        disabled={busy}
        onChange={(event) => void change(event.target.value as Role)}
      >
        <option value="" disabled>
          Select role
        </option>
        {roleOrder.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
    </li>
  );
}

/** /admin/users (admins): everyone's name, email and role, and the role dropdown. */
export default function UsersPage() {
  const users = useResource("admin-users", fetchUsers);
  const [changed, setChanged] = useState<Record<string, AdminUser>>({});
  useEffect(() => {
    if (users.status === "error") toast.error("Failed to load users", { id: "load-users" });
  }, [users.status]);

  return (
    <div className="page settings-page">
      <PageHeader title="Users" back="/administration" />
      {users.status === "loading" ? <Spinner label="Loading users" /> : null}
      {users.status === "error" ? (
        <div className="state-message">
          <p>Failed to load users</p>
          <button type="button" className="button button-secondary" onClick={users.reload}>
            Retry
          </button>
        </div>
      ) : null}
      {users.status === "ready" ? (
        <ul className="user-list">
          {users.data.map((user) => (
            <UserRow
              key={user.id}
              user={changed[user.id] ?? user}
              onChanged={(updated) => setChanged((all) => ({ ...all, [updated.id]: updated }))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
