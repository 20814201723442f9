import { type AddressInfo, createServer } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the (quoted-printable) body. */
  data: string;
}

/**
 * The text of a quoted-printable body as a person reads it: soft line breaks joined, =XX bytes
 * decoded, then read as UTF-8 (quoted-printable leaves only ASCII unencoded).
 */
export const decodeQuotedPrintable = (data: string) =>
  Buffer.from(
    data
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Just enough of an SMTP server to receive what nodemailer sends, with no network beyond loopback. */
export function fakeSmtpServer(onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          onMail?.(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 ok\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line);
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
        } else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, received };
}

/** The fake server listening on a free loopback port: what it received, its smtp:// URL, a close. */
export async function startFakeSmtp() {
  const { server, received } = fakeSmtpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
