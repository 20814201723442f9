import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer, SMTP_CONNECTIONS } from "#api/domain/ports/mailer";
import { createMember, post } from "../helpers/accounts";
import { runOutbox } from "../helpers/drain-outbox";
import { decodeQuotedPrintable, fakeSmtpServer } from "../helpers/fake-smtp";
import { eventually, startTestApp } from "../helpers/test-app";

let smtp: ReturnType<typeof fakeSmtpServer>;
let url: string;
beforeAll(async () => {
  // A relay that takes a moment over each message, so messages sent together overlap.
  smtp = fakeSmtpServer(undefined, { acceptAfterMs: 10 });
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  url = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
});
afterAll(() => smtp.close());

describe("SMTP mail", () => {
  it("sends through SMTP_URL from MAIL_FROM", async () => {
    const mailer = createSmtpMailer(url, "Shop <no-reply@shop.example>");
    try {
      await mailer.send({ to: "ada@example.com", subject: "Hello", text: "Body text" });
    } finally {
      mailer.close();
    }
    const mail = smtp.received.at(-1);
    expect(mail?.from).toContain("<no-reply@shop.example>");
    expect(mail?.to).toEqual(["RCPT TO:<ada@example.com>"]);
    expect(mail?.data).toContain("Subject: Hello");
    expect(mail?.data).toContain("Body text");
  });

  it("sends messages mailed together over a bounded pool of connections, each accepted", async () => {
    const mailer = createSmtpMailer(url, "Shop <no-reply@shop.example>");
    const sent = smtp.received.length;
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          mailer.send({ to: `burst-${i}@example.com`, subject: "Burst", text: "Body text" }),
        ),
      );
    } finally {
      mailer.close();
    }
    expect(smtp.received.length - sent).toBe(40);
    expect(smtp.relay.peak).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it("carries the verification link of a sign-up and the password reset link when SMTP_URL is configured", async () => {
    const t = await startTestApp({
      env: { SMTP_URL: url, MAIL_FROM: "Reset <reset@shop.example>", PUBLIC_URL: "https://shop.example.com" },
    });
    const mailTo = (email: string, subject: string) =>
      eventually(async () => {
        const found = smtp.received.find(
          (m) => m.to.some((to) => to.includes(email)) && m.data.includes(`Subject: ${subject}`),
        );
        expect(found).toBeDefined();
        return { from: found?.from, text: decodeQuotedPrintable(found?.data ?? "") };
      });
    // The links go through the outbox's mail lane, its sender running as in the app's process.
    const outbox = runOutbox(t.services, undefined);
    try {
      const member = await createMember(t);
      const verification = await mailTo(member.email, "Verify your email");
      const token = /https:\/\/shop\.example\.com\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(
        verification.text,
      )?.[1];
      expect(token).toBeDefined();
      expect((await t.app.request("/api/auth/verify-email", post({ token }))).status).toBe(200);

      expect((await t.app.request("/api/auth/password-reset", post({ email: member.email }))).status).toBe(
        200,
      );
      const mail = await mailTo(member.email, "Reset your password");
      expect(mail.from).toContain("<reset@shop.example>");
      expect(mail.text).toMatch(/https:\/\/shop\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await outbox.stop();
      await t.close();
    }
  });
});
