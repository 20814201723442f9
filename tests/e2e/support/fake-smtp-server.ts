// The seeded end-to-end server's mail server (playwright.config.ts starts it): the integration
// tests' fake SMTP server, on the port it is given, writing each message as one JSON line to the
// run's mailbox file, where the tests read reset and verification links.
import { appendFileSync } from "node:fs";
import { decodeQuotedPrintable, fakeSmtpServer } from "../../helpers/fake-smtp";
import { seededMailbox } from "./env";

const mailbox = seededMailbox();
const smtp = fakeSmtpServer((mail) => {
  const to = mail.to.map((line) => /<([^>]+)>/.exec(line)?.[1] ?? line);
  appendFileSync(mailbox, `${JSON.stringify({ to, text: decodeQuotedPrintable(mail.data) })}\n`);
});
smtp.server.listen(Number(process.env.PORT), "127.0.0.1");
