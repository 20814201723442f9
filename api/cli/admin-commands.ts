import { adminMessages } from "#api/contracts/admin";
import { type Role, roles } from "#api/contracts/roles";
import { findAccountsByIdentifier, grantRole, revokeRole } from "#api/domain/accounts";
import type { ServiceContext } from "#api/domain/context";
import { refusedFor } from "#api/domain/refusal";
import { rolesOfMany } from "#db/queries/accounts/accounts";
import { listAccounts } from "#db/queries/accounts/admin-users";

export const USAGE = `Usage:
  npm run admin -- grant <email or telegram id> <${roles.join("|")}>
  npm run admin -- revoke <email or telegram id> <${roles.join("|")}>
  npm run admin -- list
  npm run admin -- backup <file>
  npm run admin -- restore <file> [--force]`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** `npm run admin -- ...`; returns the exit code: 0 done, 1 refused, 2 bad usage. */
export async function runAdminCommand(
  ctx: ServiceContext,
  args: string[],
  io: CommandOutput,
): Promise<number> {
  const { db } = ctx;
  const [command, who, roleText] = args;
  if (command === "list" && args.length === 1) {
    const accounts = await listAccounts(db);
    const roleMap = await rolesOfMany(
      db,
      accounts.map((a) => a.id),
    );
    const staff = accounts.filter((a) => roleMap.get(a.id)?.length);
    if (!staff.length) io.out("No user has a role yet.");
    for (const a of staff) {
      io.out(
        `${a.id}  ${a.email ?? "-"}  ${a.fullName ?? "No name"}  ${(roleMap.get(a.id) ?? []).join(", ")}`,
      );
    }
    return 0;
  }
  if ((command !== "grant" && command !== "revoke") || !who || !roleText || args.length !== 3) {
    io.err(USAGE);
    return 2;
  }
  if (!(roles as readonly string[]).includes(roleText)) {
    io.err(`Unknown role "${roleText}". Roles: ${roles.join(", ")}.`);
    return 2;
  }
  const role = roleText as Role;
  const [account, ...others] = await findAccountsByIdentifier(ctx, who);
  if (!account) {
    io.err(`No user with ${who.includes("@") ? "email" : "Telegram id"} ${who}. They sign in once first.`);
    return 1;
  }
  if (others.length) {
    io.err(
      `${others.length + 1} accounts give ${who} and none has verified it: its owner verifies it first (the mailed link), or name the account by its Telegram id.`,
    );
    return 1;
  }
  const label = account.email ?? `Telegram ${account.telegramId}`;
  if (command === "grant") {
    const added = await grantRole(ctx, account.id, role);
    io.out(added ? `Granted ${role} to ${label} (user ${account.id}).` : `${label} already has ${role}.`);
    return 0;
  }
  try {
    const removed = await revokeRole(ctx, account.id, role);
    io.out(
      removed ? `Revoked ${role} from ${label} (user ${account.id}).` : `${label} does not have ${role}.`,
    );
    return 0;
  } catch (error) {
    if (refusedFor(error, "last_admin")) {
      io.err(`${adminMessages.lastAdmin}: grant admin to someone else first.`);
      return 1;
    }
    throw error;
  }
}
