import { Button } from "@telegram-apps/telegram-ui";
import { CircleCheck, CircleMinus, CircleX, Mail, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import type { SetupLineState, SetupReport } from "#api/contracts/setup-report";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { api, call, errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useResource } from "../../lib/use-resource";
import { useStaffBack } from "../../state/roles";
import { type SetupLineView, setupLines } from "./setup-lines";
import "./setup-page.css";

const fetchReport = (signal: AbortSignal): Promise<SetupReport> =>
  call(api.admin.setup.$get(undefined, { init: { signal } }));

const stateTexts: Record<SetupLineState, AdminTextKey> = {
  ok: "admin.setup.state.ok",
  problem: "admin.setup.state.problem",
  off: "admin.setup.state.off",
};

const stateIcons = { ok: CircleCheck, problem: CircleX, off: CircleMinus };

/** A test mail to the admin's own address, through the relay the mail line checked. */
function TestMailButton() {
  const { t } = useT();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { sentTo } = await call(api.admin.setup["test-mail"].$post());
      toast.success(t("admin.setup.testMailSent", { address: sentTo }));
    } catch (failed) {
      toast.error(t("admin.setup.testMailFailed"), { description: errorMessage(failed) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      mode="bezeled"
      size="s"
      before={<Mail size={16} aria-hidden="true" />}
      loading={sending}
      disabled={sending}
      onClick={() => void send()}
    >
      {t("admin.setup.testMail")}
    </Button>
  );
}

function SetupLine({ line }: { line: SetupLineView }) {
  const { t } = useT();
  const titleId = useId();
  const Icon = stateIcons[line.state];
  return (
    <li
      className={`setup-line setup-line-${line.state}`}
      data-line={line.name}
      data-state={line.state}
      aria-labelledby={titleId}
    >
      <Icon size={22} className="setup-line-icon" aria-hidden="true" />
      <div className="setup-line-text">
        <h2 id={titleId} className="setup-line-title">
          {line.title}
          <span className="visually-hidden">({t(stateTexts[line.state])})</span>
        </h2>
        <p className="setup-line-status">{line.status}</p>
        {line.facts.length > 0 ? (
          <dl className="setup-line-facts">
            {line.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {line.fix ? (
          <p className="setup-line-fix" data-testid="setup-fix">
            <strong>{t("admin.setup.whatToDo")}</strong> {line.fix}
          </p>
        ) : null}
        {line.name === "mail" && line.state !== "off" ? <TestMailButton /> : null}
      </div>
    </li>
  );
}

/**
 * /admin/setup (admins): what this server sees of every part a real deployment needs (decision
 * 121): the bot, how its updates arrive, the Mini App's address, the channel, payments, mail, files,
 * the database and the model; a green line works, a red one says what is wrong and what to do.
 */
export default function SetupPage() {
  const { t, language } = useT();
  const back = useStaffBack();
  const [version, setVersion] = useState(0);
  const report = useResource("admin-setup", fetchReport, { version });
  return (
    <div className="page settings-page setup-page">
      <PageHeader title={t("admin.setup.title")} back={back}>
        <p className="page-subtitle">{t("admin.setup.subtitle")}</p>
      </PageHeader>
      <ResourceView
        resource={report}
        loadingLabel={t("admin.setup.loading")}
        errorMessage={errorMessage(report.status === "error" ? report.error : null, t("admin.setup.failed"))}
      >
        {(data) => (
          <>
            <ul className="setup-lines" aria-label={t("admin.setup.title")}>
              {setupLines(data, t, language).map((line) => (
                <SetupLine key={line.name} line={line} />
              ))}
            </ul>
            <Button
              mode="gray"
              size="m"
              stretched
              before={<RefreshCw size={18} aria-hidden="true" />}
              onClick={() => setVersion((v) => v + 1)}
            >
              {t("admin.setup.checkAgain")}
            </Button>
          </>
        )}
      </ResourceView>
    </div>
  );
}
