import type { BotProblem } from "#api/contracts/bot-status";
import type { PlanPaymentMode } from "#api/contracts/plan-payments";
import type { ChannelRight, SetupLineName, SetupLineState, SetupReport } from "#api/contracts/setup-report";
import type { AdminTextKey, TextValues } from "../../i18n/i18n";
import { botSentence } from "../bot-state";

type Translate = (key: AdminTextKey, values?: TextValues) => string;

export interface SetupFact {
  label: string;
  value: string;
}

/** One line of Administration › Setup as the screen shows it: what it is, how it stands, what to do. */
export interface SetupLineView {
  name: SetupLineName;
  title: string;
  state: SetupLineState;
  status: string;
  facts: SetupFact[];
  /** What to do, in plain words; null when the line works. */
  fix: string | null;
}

/** How to get a bot that is set up running again, by what Telegram answered. */
const botFixes: Record<BotProblem, AdminTextKey> = {
  token_refused: "admin.setup.bot.fix.tokenRefused",
  telegram_unreachable: "admin.setup.bot.fix.telegramUnreachable",
  webhook_refused: "admin.setup.bot.fix.webhookRefused",
  conflict: "admin.setup.bot.fix.conflict",
  telegram_error: "admin.setup.bot.fix.telegramError",
};

const rightTexts: Record<ChannelRight, AdminTextKey> = {
  postMessages: "admin.setup.rightPost",
  inviteUsers: "admin.chats.rightInvite",
  banUsers: "admin.chats.rightBan",
};

const modeTexts: Record<PlanPaymentMode, AdminTextKey> = {
  free: "admin.setup.payments.mode.free",
  manual: "admin.setup.payments.mode.manual",
  stars: "admin.setup.payments.mode.stars",
  invoice: "admin.setup.payments.mode.invoice",
};

interface Words {
  t: Translate;
  when: (iso: string) => string;
  list: (items: string[]) => string;
}

const fact = (label: string, value: string | null | undefined): SetupFact[] =>
  value ? [{ label, value }] : [];

function botView({ t, when }: Words, { state, bot }: SetupReport["bot"]): SetupLineView {
  const fix =
    bot.state === "running"
      ? null
      : bot.state === "off"
        ? t(bot.reason === "no_token" ? "admin.setup.bot.fix.off" : "admin.setup.bot.fix.offHere")
        : bot.state === "starting"
          ? t("admin.setup.bot.fix.starting")
          : t(botFixes[bot.problem]);
  return {
    name: "bot",
    title: t("admin.setup.bot.title"),
    state,
    status: botSentence(t, bot),
    facts:
      bot.state === "not_running"
        ? [
            { label: t("admin.setup.fact.telegramSaid"), value: bot.error },
            { label: t("admin.setup.fact.lastTried"), value: when(bot.since) },
          ]
        : [],
    fix,
  };
}

function updatesView({ t, when }: Words, line: SetupReport["updates"]): SetupLineView {
  const url = line.url ?? "";
  const expected = line.expectedUrl ?? "";
  const status =
    line.state === "off"
      ? t("admin.setup.updates.off")
      : line.problem === null
        ? line.mode === "webhook"
          ? t("admin.setup.updates.webhook", { url })
          : t("admin.setup.updates.polling")
        : {
            not_read: () => t("admin.setup.updates.notRead"),
            webhook_missing: () => t("admin.setup.updates.webhookMissing"),
            webhook_elsewhere: () => t("admin.setup.updates.webhookElsewhere", { url, expected }),
            webhook_while_polling: () => t("admin.setup.updates.webhookWhilePolling", { url }),
            webhook_failing: () => t("admin.setup.updates.webhookFailing", { url }),
          }[line.problem]();
  const fix =
    line.problem === null
      ? null
      : line.problem === "webhook_elsewhere"
        ? t("admin.setup.updates.fix.webhookElsewhere")
        : line.problem === "webhook_while_polling"
          ? t("admin.setup.updates.fix.webhookWhilePolling")
          : line.problem === "webhook_failing"
            ? t("admin.setup.updates.fix.webhookFailing", { url: expected })
            : t("admin.setup.fix.seeBot");
  return {
    name: "updates",
    title: t("admin.setup.updates.title"),
    state: line.state,
    status,
    facts: [
      ...fact(t("admin.setup.fact.error"), line.error),
      ...fact(
        t("admin.setup.fact.telegramError"),
        line.lastError && line.lastErrorAt ? `${line.lastError} (${when(line.lastErrorAt)})` : null,
      ),
      ...fact(t("admin.setup.fact.pending"), line.pendingUpdates ? String(line.pendingUpdates) : null),
    ],
    fix,
  };
}

function miniAppView({ t }: Words, line: SetupReport["miniApp"]): SetupLineView {
  const url = line.url ?? "";
  const [status, fix] = {
    ok: [t("admin.setup.miniApp.ok", { url }), null],
    not_set: [t("admin.setup.miniApp.notSet"), t("admin.setup.miniApp.fix.notSet")],
    not_https: [t("admin.setup.miniApp.notHttps", { url }), t("admin.setup.miniApp.fix.notHttps")],
    local_address: [
      t("admin.setup.miniApp.localAddress", { url }),
      t("admin.setup.miniApp.fix.localAddress"),
    ],
  }[line.problem ?? "ok"] as [string, string | null];
  return {
    name: "miniApp",
    title: t("admin.setup.miniApp.title"),
    state: line.state,
    status,
    facts: fact(t("admin.setup.fact.shortName"), line.shortName),
    fix,
  };
}

function channelView({ t, list }: Words, line: SetupReport["channel"]): SetupLineView {
  const channel = line.title
    ? line.username
      ? `${line.title} (@${line.username})`
      : line.title
    : (line.configured ?? "");
  const rights = list(line.missing.map((right) => t(rightTexts[right])));
  const [status, fix] = {
    ok: [t("admin.setup.channel.ok", { channel }), null],
    not_set: [t("admin.setup.channel.notSet"), t("admin.setup.channel.fix.notSet")],
    bot_not_running: [t("admin.setup.channel.botNotRunning"), t("admin.setup.fix.seeBot")],
    unreadable: [t("admin.setup.channel.unreadable", { channel }), t("admin.setup.channel.fix.unreadable")],
    not_a_channel: [
      t("admin.setup.channel.notAChannel", { channel }),
      t("admin.setup.channel.fix.notAChannel"),
    ],
    not_admin: [t("admin.setup.channel.notAdmin", { channel }), t("admin.setup.channel.fix.notAdmin")],
    missing_rights: [
      t("admin.setup.channel.missingRights", { channel, rights }),
      t("admin.setup.channel.fix.missingRights"),
    ],
  }[line.problem ?? "ok"] as [string, string | null];
  return {
    name: "channel",
    title: t("admin.setup.channel.title"),
    state: line.state,
    status,
    facts: fact(t("admin.setup.fact.telegramSaid"), line.error),
    fix,
  };
}

function paymentsView({ t, list }: Words, line: SetupReport["payments"]): SetupLineView {
  const [status, fix] = {
    ok: [t("admin.setup.payments.ok"), null],
    free_mode: [t("admin.setup.payments.freeMode"), t("admin.setup.payments.fix.freeMode")],
    needs_bot: [t("admin.setup.payments.needsBot"), t("admin.setup.fix.seeBot")],
    tiers_not_sold: [
      t("admin.setup.payments.tiersNotSold", { tiers: list(line.unsold) }),
      t("admin.setup.payments.fix.tiersNotSold"),
    ],
  }[line.problem ?? "ok"] as [string, string | null];
  return {
    name: "payments",
    title: t("admin.setup.payments.title"),
    state: line.state,
    status,
    facts: [
      { label: t("admin.setup.fact.mode"), value: t(modeTexts[line.mode], { currency: line.currency }) },
      ...(line.mode === "invoice"
        ? fact(
            t("admin.setup.fact.providerToken"),
            t(line.providerToken ? "admin.setup.fact.isSet" : "admin.setup.fact.isNotSet"),
          )
        : []),
    ],
    fix,
  };
}

function mailView({ t }: Words, line: SetupReport["mail"]): SetupLineView {
  const server = line.server ?? "";
  const [status, fix] = {
    ok: [t("admin.setup.mail.ok", { server, from: line.from }), null],
    not_configured: [t("admin.setup.mail.notConfigured"), t("admin.setup.mail.fix.notConfigured")],
    unreachable: [t("admin.setup.mail.unreachable", { server }), t("admin.setup.mail.fix.unreachable")],
  }[line.problem ?? "ok"] as [string, string | null];
  return {
    name: "mail",
    title: t("admin.setup.mail.title"),
    state: line.state,
    status,
    facts: fact(t("admin.setup.fact.error"), line.error),
    fix,
  };
}

function storageView({ t }: Words, line: SetupReport["storage"]): SetupLineView {
  const { where } = line;
  return {
    name: "storage",
    title: t("admin.setup.storage.title"),
    state: line.state,
    status: line.problem
      ? t("admin.setup.storage.unreachable", { where })
      : t(line.kind === "s3" ? "admin.setup.storage.s3" : "admin.setup.storage.local", { where }),
    facts: fact(t("admin.setup.fact.error"), line.error),
    fix: line.problem ? t("admin.setup.storage.fix.unreachable") : null,
  };
}

function databaseView({ t }: Words, line: SetupReport["database"]): SetupLineView {
  return {
    name: "database",
    title: t("admin.setup.database.title"),
    state: line.state,
    status: line.problem
      ? t("admin.setup.database.pending", { count: line.pending })
      : t(line.kind === "postgres" ? "admin.setup.database.postgres" : "admin.setup.database.pglite"),
    facts: fact(t("admin.setup.fact.newer"), line.newer > 0 ? String(line.newer) : null),
    fix: line.problem ? t("admin.setup.database.fix.pending") : null,
  };
}

function modelView({ t }: Words, line: SetupReport["model"]): SetupLineView {
  return {
    name: "model",
    title: t("admin.setup.model.title"),
    state: line.state,
    status:
      line.state === "ok"
        ? t("admin.setup.model.ok", { model: line.model ?? "", server: line.server ?? "" })
        : t("admin.setup.model.off"),
    facts: [],
    fix: line.state === "ok" ? null : t("admin.setup.model.fix.off"),
  };
}

/** The report's lines in the screen's order, each in words (dates and lists in `language`). */
export function setupLines(report: SetupReport, t: Translate, language: string): SetupLineView[] {
  const words: Words = {
    t,
    when: (iso) =>
      new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    list: (items) => new Intl.ListFormat(language, { type: "conjunction" }).format(items),
  };
  return [
    botView(words, report.bot),
    updatesView(words, report.updates),
    miniAppView(words, report.miniApp),
    channelView(words, report.channel),
    paymentsView(words, report.payments),
    mailView(words, report.mail),
    storageView(words, report.storage),
    databaseView(words, report.database),
    modelView(words, report.model),
  ];
}
