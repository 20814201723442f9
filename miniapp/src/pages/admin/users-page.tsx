import { Badge, Select } from "@telegram-apps/telegram-ui";
import { useEffect, useState } from "react";
import type { AdminUser } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { api, call } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { forgetRoles } from "../../state/roles";
import "./users-page.css";

const roleLabels: Record<Role, string> = { admin: "Admin", moderator: "Moderator", employee: "Employee" };
const roleOrder: Role[] = ["admin", "moderator", "employee"];

async function fetchUsers(signal: AbortSignal): Promise<AdminUser[]> {
  const body = await call(api.admin.users.$get(undefined, { init: { signal } }));
  return body.users;
}

function UserRow({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const me = signedInUser(useAuth());
  const [busy, setBusy] = useState(false);
  const change = async (role: Role) => {
    setBusy(true);
    try {
      const body = await call(api.admin.users[":id"].role.$put({ param: { id: user.id }, json: { role } }));
      const { user: updated } = body;
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
    <li className="card user-row" data-testid="user-row">
      <div className="user-info">
        <p className="user-name">{label}</p>
        <p className="user-email">{user.email ?? "No email"}</p>
        <div className="role-badges">
          {user.roles.length === 0 ? (
            <span className="hint">No role assigned</span>
          ) : (
            user.roles.map((role) => (
              <Badge
                key={role}
                type="number"
                mode={role === "admin" ? "critical" : "secondary"}
                className="badge-role"
              >
                {roleLabels[role]}
              </Badge>
            ))
          )}
        </div>
      </div>
      <div className="field-control">
        <Select
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
        </Select>
      </div>
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
      <ResourceView resource={users} loadingLabel="Loading users" errorMessage="Failed to load users">
        {(data) => (
          <ul className="card-list">
            {data.map((user) => (
              <UserRow
                key={user.id}
                user={changed[user.id] ?? user}
                onChanged={(updated) => setChanged((all) => ({ ...all, [updated.id]: updated }))}
              />
            ))}
          </ul>
        )}
      </ResourceView>
    </div>
  );
}
