import { adminMessages } from "#api/contracts/admin";
import { type Role, roles } from "#api/contracts/roles";
import { findAccountsByIdentifier, grantRole, revokeRole } from "#api/domain/accounts";
import type { ServiceContext } from "#api/domain/context";
import { refusedFor } from "#api/domain/refusal";
import { rolesOfMany } from "#db/queries/accounts/accounts";
import { listAccounts, recentSignIns } from "#db/queries/accounts/admin-users";

const roleList = roles.join("|");
/** Sign-ins `sign-ins` lists unless told how many. */
const SIGN_INS_SHOWN = 20;

/** `npm run admin -- --help`: one sentence per command (exit 0). */
export const HELP = `Usage: npm run admin -- <command>

  grant <who> <${roleList}>   gives the role to the account <who> names.
  revoke <who> <${roleList}>  takes the role away (the last admin keeps theirs).
  list                        lists the accounts that hold a role.
  sign-ins [count]            lists the latest sign-ins (${SIGN_INS_SHOWN} unless told), with each account's Telegram id and @username.
  backup <file>               writes the embedded database and the local media into a new file.
  restore <file> [--force]    replaces DATA_DIR's database and media with a backup's (--force when DATA_DIR holds data).
  --help                      shows this help.

<who> is an email, a Telegram @username or a numeric Telegram id, of an account that signed in once.
The command opens the server's database (DATABASE_URL, else the embedded one in DATA_DIR) and says which;
with the embedded one, stop the server first.`;

/** What a wrong command line is answered with (exit 2). */
export const USAGE = `Usage:
  npm run admin -- grant <email, @username or telegram id> <${roleList}>
  npm run admin -- revoke <email, @username or telegram id> <${roleList}>
  npm run admin -- list
  npm run admin -- sign-ins [count]
  npm run admin -- backup <file>
  npm run admin -- restore <file> [--force]
  npm run admin -- --help`;

/** The commands runAdminCommand runs over the database (backup and restore open it themselves). */
export const DATABASE_COMMANDS = ["grant", "revoke", "list", "sign-ins"];

export const isHelp = (args: string[]) =>
  args.length === 1 && ["--help", "-h", "help"].includes(args[0] ?? "");

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const what = (who: string) =>
  who.startsWith("@") ? "Telegram username" : who.includes("@") ? "email" : "Telegram id";

async function listStaff({ db }: ServiceContext, io: CommandOutput) {
  const accounts = await listAccounts(db);
  const roleMap = await rolesOfMany(
    db,
    accounts.map((a) => a.id),
  );
  const staff = accounts.filter((a) => roleMap.get(a.id)?.length);
  if (!staff.length) io.out("No user has a role yet.");
  for (const a of staff) {
    io.out(`${a.id}  ${a.email ?? "-"}  ${a.fullName ?? "No name"}  ${(roleMap.get(a.id) ?? []).join(", ")}`);
  }
}

/** The latest sign-ins, newest first: when, the Telegram id and @username, the email, the name. */
async function listSignIns({ db }: ServiceContext, count: number, io: CommandOutput) {
  const rows = await recentSignIns(db, count);
  if (!rows.length) io.out("Nobody has signed in yet.");
  for (const row of rows) {
    const telegram = row.telegramId === null ? "-" : String(row.telegramId);
    io.out(
      [
        row.at.toISOString(),
        `telegram ${telegram}`,
        row.telegramUsername ? `@${row.telegramUsername}` : "-",
        row.email ?? "-",
        row.fullName ?? "No name",
        `user ${row.userId}`,
      ].join("  "),
    );
  }
}

/** `npm run admin -- ...` over the database; returns the exit code: 0 done, 1 refused, 2 bad usage. */
export async function runAdminCommand(
  ctx: ServiceContext,
  args: string[],
  io: CommandOutput,
): Promise<number> {
  const [command, who, roleText] = args;
  if (command === "list" && args.length === 1) {
    await listStaff(ctx, io);
    return 0;
  }
  if (command === "sign-ins" && args.length <= 2) {
    const count = who === undefined ? SIGN_INS_SHOWN : Number(who);
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      io.err("sign-ins takes a count from 1 to 1000.");
      return 2;
    }
    await listSignIns(ctx, count, io);
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
    io.err(
      `No user with ${what(who)} ${who}. They sign in once first (\`npm run admin -- sign-ins\` lists who did).`,
    );
    return 1;
  }
  if (others.length) {
    io.err(
      who.startsWith("@")
        ? `${others.length + 1} accounts have the Telegram username ${who}: name the account by its Telegram id (\`npm run admin -- sign-ins\`).`
        : `${others.length + 1} accounts give ${who} and none has verified it: its owner verifies it first (the mailed link), or name the account by its Telegram id.`,
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
