import { Badge, Button, SegmentedControl, Select } from "@telegram-apps/telegram-ui";
import { Check, Crown, Users, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { AdminUser } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { forgetRoles } from "../../state/roles";
import "./users-page.css";

const roleLabels: Record<Role, string> = { admin: "Admin", moderator: "Moderator", employee: "Employee" };
const roleOrder: Role[] = ["admin", "moderator", "employee"];

type UserFilter = "all" | "pending";
const filters: [UserFilter, string][] = [
  ["all", "All users"],
  ["pending", "Pending requests"],
];

export const requestTexts = {
  approved: "Plan request approved",
  declined: "Plan request declined",
  approveFailed: "Failed to approve request",
  declineFailed: "Failed to decline request",
} as const;

// All users is the API's default: /api/admin/users as before, ?filter=pending for the waiting ones.
const fetchUsers = (filter: UserFilter) => async (signal: AbortSignal) =>
  (await call(api.admin.users.$get({ query: filter === "all" ? {} : { filter } }, { init: { signal } })))
    .users;

/** A member's request for a paid tier: approve moves them to it, decline leaves the plan as it is. */
function PendingRequest({ user, onDecided }: { user: AdminUser; onDecided: () => void }) {
  const [busy, setBusy] = useState<"approve" | "decline" | null>(null);
  const request = user.pendingRequest;
  if (!request) return null;
  const label = user.fullName || "No name";
  const decide = async (decision: "approve" | "decline") => {
    setBusy(decision);
    try {
      const param = { param: { id: request.id } };
      if (decision === "approve") await call(api.admin["plan-requests"][":id"].approve.$post(param));
      else await call(api.admin["plan-requests"][":id"].decline.$post(param));
      toast.success(decision === "approve" ? requestTexts.approved : requestTexts.declined);
    } catch (error) {
      toast.error(decision === "approve" ? requestTexts.approveFailed : requestTexts.declineFailed, {
        description: errorMessage(error),
      });
    }
    // Decided or refused (decided by someone else meanwhile, the tier gone): the list is read again.
    setBusy(null);
    onDecided();
  };
  return (
    <div className="user-request" data-testid="user-request">
      <p className="user-request-text">Requested: {request.tierName}</p>
      <div className="user-request-actions">
        <Button
          size="m"
          className="user-request-button"
          before={<Check size={16} aria-hidden="true" />}
          aria-label={`Approve ${label}'s request for ${request.tierName}`}
          loading={busy === "approve"}
          disabled={busy !== null}
          onClick={() => void decide("approve")}
        >
          Approve
        </Button>
        <Button
          mode="bezeled"
          size="m"
          className="user-request-button"
          before={<X size={16} aria-hidden="true" />}
          aria-label={`Decline ${label}'s request for ${request.tierName}`}
          loading={busy === "decline"}
          disabled={busy !== null}
          onClick={() => void decide("decline")}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}

function UserRow({
  user,
  onChanged,
  onDecided,
}: {
  user: AdminUser;
  onChanged: (user: AdminUser) => void;
  onDecided: () => void;
}) {
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
        <p className="user-tier" data-testid="user-tier">
          <Crown size={14} aria-hidden="true" />
          <span className="visually-hidden">Plan: </span>
          {user.tier?.displayName ?? "No plan"}
        </p>
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
      <PendingRequest user={user} onDecided={onDecided} />
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

/**
 * /admin/users (admins): everyone's name, email, plan and role, the role dropdown, and members'
 * requests for a paid plan (manual payments) to approve or decline; filtered to those waiting.
 */
export default function UsersPage() {
  const [filter, setFilter] = useState<UserFilter>("all");
  const [version, setVersion] = useState(0);
  const users = useResource(`admin-users:${filter}`, fetchUsers(filter), { version });
  const [changed, setChanged] = useState<Record<string, AdminUser>>({});
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (users.status === "error") toast.error("Failed to load users", { id: "load-users" });
  }, [users.status]);
  // A fresh list already has every role change made here.
  const fresh = users.status === "ready" ? users.data : null;
  useEffect(() => {
    if (fresh) setChanged({});
  }, [fresh]);

  return (
    <div className="page settings-page">
      <PageHeader title="Users" back="/administration" />
      <SegmentedControl className="user-filter" aria-label="Show">
        {filters.map(([key, label]) => (
          <SegmentedControl.Item
            key={key}
            type="button"
            id={`users-tab-${key}`}
            selected={filter === key}
            aria-selected={filter === key}
            aria-controls="users-panel"
            className="user-filter-item"
            onClick={() => setFilter(key)}
          >
            {label}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${filter}`}>
        <ResourceView
          resource={users}
          loadingLabel="Loading users"
          errorMessage="Failed to load users"
          isEmpty={(data) => data.length === 0}
          empty={{
            title: filter === "pending" ? "No pending requests" : "No users yet",
            description:
              filter === "pending" ? "Requests for a paid plan wait here for an admin." : undefined,
            icon: <Users size={36} />,
          }}
        >
          {(data) => (
            <ul className="card-list">
              {data.map((user) => (
                <UserRow
                  key={user.id}
                  user={changed[user.id] ?? user}
                  onChanged={(updated) => setChanged((all) => ({ ...all, [updated.id]: updated }))}
                  onDecided={reload}
                />
              ))}
            </ul>
          )}
        </ResourceView>
      </div>
    </div>
  );
}
