import { Badge, Button, Input, SegmentedControl, Select } from "@telegram-apps/telegram-ui";
import { Check, Crown, Search, Users, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import type { AdminUser, AdminUserQuery } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { ExportButton } from "../../components/export-button";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { ResourceView } from "../../components/state-view";
import { type AdminTextKey, t as translate } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage, LoadError } from "../../lib/api";
import { fetchPages, type Pages, usePageCount } from "../../lib/paged-list";
import { toast } from "../../lib/toast";
import { SEARCH_DELAY_MS, useDebounced } from "../../lib/use-debounced";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { forgetRoles } from "../../state/role-cache";
import { AdminList, AdminRow } from "../admin-row";
import { PromoteAdminSheet } from "./promote-admin-sheet";
import { asksBeforeChange, contactLines, usersQuery, whoIs } from "./user-rules";
import "./users-page.css";

const roleLabels: Record<Role, AdminTextKey> = {
  admin: "admin.users.roleAdmin",
  moderator: "admin.users.roleModerator",
  employee: "admin.users.roleEmployee",
};
const roleOrder: Role[] = ["admin", "moderator", "employee"];

type UserFilter = AdminUserQuery["filter"];
const filters: [UserFilter, AdminTextKey][] = [
  ["all", "admin.users.allUsers"],
  ["pending", "admin.users.pendingRequests"],
];

/** The first `pages` pages of the users this filter and search pick. */
const fetchUserPages =
  (filter: UserFilter, search: string, pages: number) =>
  (signal: AbortSignal): Promise<Pages<AdminUser>> => {
    const query = usersQuery(filter, search);
    return fetchPages(pages, async (page) => {
      const answer = await call(api.admin.users.$get({ query: { ...query, page } }, { init: { signal } }));
      return { items: answer.users, total: answer.total, pageSize: answer.pageSize };
    });
  };

/** A member's request for a paid tier: approve moves them to it, decline leaves the plan as it is. */
function PendingRequest({ user, onDecided }: { user: AdminUser; onDecided: () => void }) {
  const { t } = useT();
  const [busy, setBusy] = useState<"approve" | "decline" | null>(null);
  const request = user.pendingRequest;
  if (!request) return null;
  const label = user.fullName || t("admin.users.noName");
  const decide = async (decision: "approve" | "decline") => {
    setBusy(decision);
    try {
      const param = { param: { id: request.id } };
      if (decision === "approve") await call(api.admin["plan-requests"][":id"].approve.$post(param));
      else await call(api.admin["plan-requests"][":id"].decline.$post(param));
      toast.success(
        t(decision === "approve" ? "admin.users.requestApproved" : "admin.users.requestDeclined"),
      );
    } catch (error) {
      toast.error(t(decision === "approve" ? "admin.users.approveFailed" : "admin.users.declineFailed"), {
        description: errorMessage(error),
      });
    }
    // Decided or refused (decided by someone else meanwhile, the tier gone): the list is read again.
    setBusy(null);
    onDecided();
  };
  return (
    <div className="user-request" data-testid="user-request">
      <p className="user-request-text">{t("admin.users.requested", { tier: request.tierName })}</p>
      <div className="user-request-actions">
        <Button
          size="m"
          className="user-request-button"
          before={<Check size={16} aria-hidden="true" />}
          aria-label={t("admin.users.approveLabel", { name: label, tier: request.tierName })}
          loading={busy === "approve"}
          disabled={busy !== null}
          onClick={() => void decide("approve")}
        >
          {t("admin.users.approve")}
        </Button>
        <Button
          mode="bezeled"
          size="m"
          className="user-request-button"
          before={<X size={16} aria-hidden="true" />}
          aria-label={t("admin.users.declineLabel", { name: label, tier: request.tierName })}
          loading={busy === "decline"}
          disabled={busy !== null}
          onClick={() => void decide("decline")}
        >
          {t("admin.users.decline")}
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
  const { t } = useT();
  const me = signedInUser(useAuth());
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Role | null>(null);
  const change = async (role: Role) => {
    setBusy(true);
    try {
      const body = await call(api.admin.users[":id"].role.$put({ param: { id: user.id }, json: { role } }));
      const { user: updated } = body;
      onChanged(updated);
      // Changing one's own role: the next permission check asks the server again.
      if (me?.id === user.id) forgetRoles(user.id);
      toast.success(t("admin.users.roleUpdated"));
    } catch (failed) {
      toast.error(t("admin.users.roleFailed"), {
        description: failed instanceof LoadError && failed.worded ? failed.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  const label = user.fullName || t("admin.users.noName");
  return (
    <AdminRow
      testId="user-row"
      title={label}
      subtitle={contactLines(user).map((line) => (
        <span key={line} className="user-email">
          {line}
        </span>
      ))}
      after={
        <span className="admin-row-badges">
          {user.roles.length === 0 ? (
            <span className="hint">{t("admin.users.noRole")}</span>
          ) : (
            user.roles.map((role) => (
              <Badge
                key={role}
                type="number"
                mode={role === "admin" ? "critical" : "secondary"}
                className="admin-row-badge badge-role"
              >
                {t(roleLabels[role])}
              </Badge>
            ))
          )}
        </span>
      }
    >
      <p className="user-tier" data-testid="user-tier">
        <Crown size={14} aria-hidden="true" />
        <span className="visually-hidden">{t("admin.users.planLabel")}</span>
        {user.tier?.displayName ?? t("admin.users.noPlan")}
      </p>
      <PendingRequest user={user} onDecided={onDecided} />
      <div className="field-control">
        <Select
          className="select"
          aria-label={t("admin.users.roleFor", { name: label })}
          value={user.roles[0] ?? ""}
          disabled={busy}
          onChange={(event) => {
            const role = event.target.value as Role;
            if (asksBeforeChange(user, role)) setConfirming(role);
            else void change(role);
          }}
        >
          <option value="" disabled>
            {t("admin.users.selectRole")}
          </option>
          {roleOrder.map((role) => (
            <option key={role} value={role}>
              {t(roleLabels[role])}
            </option>
          ))}
        </Select>
      </div>
      {confirming ? (
        <PromoteAdminSheet
          name={whoIs(user)}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            void change(confirming);
          }}
        />
      ) : null}
    </AdminRow>
  );
}

/** The empty state for what is asked: a search that matches no one, no requests waiting, or no users. */
function emptyState(
  t: ReturnType<typeof useT>["t"],
  filter: UserFilter,
  search: string,
  clearSearch: () => void,
) {
  if (search) {
    return {
      title: t("admin.users.noneFound"),
      description: t("admin.users.noneFoundHint"),
      icon: <Users size={36} />,
      action: (
        <Button mode="bezeled" size="m" onClick={clearSearch}>
          {t("admin.users.clearSearch")}
        </Button>
      ),
    };
  }
  if (filter === "pending") {
    return {
      title: t("admin.users.noPending"),
      description: t("admin.users.noPendingHint"),
      icon: <Users size={36} />,
    };
  }
  return { title: t("admin.users.noUsers"), icon: <Users size={36} /> };
}

/**
 * /admin/users (admins): everyone's name, email or @username, plan and role, the role dropdown
 * (making someone an admin is confirmed first), and members' requests for a paid plan to approve
 * or decline; searched on the server and shown a page at a time, filtered to those waiting.
 */
export default function UsersPage() {
  const { t } = useT();
  const [filter, setFilter] = useState<UserFilter>("all");
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const key = `admin-users:${filter}:${search}`;
  const [pages, loadMore] = usePageCount(key);
  const [version, setVersion] = useState(0);
  // Both only grow for one key: a decided request or Load more refetches in place.
  const users = useResource(key, fetchUserPages(filter, search, pages), { version: version + pages });
  const [changed, setChanged] = useState<Record<string, AdminUser>>({});
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (users.status === "error") toast.error(translate("admin.users.loadFailed"), { id: "load-users" });
  }, [users.status]);
  // A fresh list already has every role change made here.
  const fresh = users.status === "ready" ? users.data : null;
  useEffect(() => {
    if (fresh) setChanged({});
  }, [fresh]);

  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.users")} back="/administration">
        <ExportButton path="/api/admin/exports/members.csv" fallbackName="members.csv" />
      </PageHeader>
      <search className="field-control users-search">
        <Input
          type="search"
          aria-label={t("admin.users.search")}
          placeholder={t("admin.users.searchPlaceholder")}
          maxLength={100}
          before={<Search size={18} aria-hidden="true" />}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>
      <SegmentedControl className="user-filter" aria-label={t("admin.common.show")}>
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
            {t(label)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${filter}`}>
        <ResourceView
          resource={users}
          loadingLabel={t("admin.users.loading")}
          errorMessage={t("admin.users.loadFailed")}
          isEmpty={(data) => data.items.length === 0}
          empty={emptyState(t, filter, search, () => setTyped(""))}
        >
          {(data) => (
            <PagedList data={data} pages={pages} onMore={loadMore}>
              <AdminList label={t("admin.menu.users")}>
                {data.items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={changed[user.id] ?? user}
                    onChanged={(updated) => setChanged((all) => ({ ...all, [updated.id]: updated }))}
                    onDecided={reload}
                  />
                ))}
              </AdminList>
            </PagedList>
          )}
        </ResourceView>
      </div>
    </div>
  );
}
