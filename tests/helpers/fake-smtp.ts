import { type AddressInfo, createServer, type Socket } from "node:net";

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

export interface FakeSmtpOptions {
  /** A relay's cap: a connection beyond this many open at once is refused (421) and closed. */
  maxConnections?: number;
  /** How long the relay takes over a message before accepting it, as a real one does (0 unless given). */
  acceptAfterMs?: number;
}

/** What the relay went through, and a switch to make it fail for a while. */
export interface RelayState {
  /** While true every MAIL FROM is answered 451 (try again later), as by a relay in trouble. */
  failing: boolean;
  /** Connections open now, and the most that were open at once. */
  open: number;
  peak: number;
  /** Connections refused for being over `maxConnections`. */
  refused: number;
  /** MAIL FROM commands received, accepted or not: each is one attempt at a message. */
  tries: number;
}

/** Just enough of an SMTP server to receive what nodemailer sends, with no network beyond loopback. */
export function fakeSmtpServer(onMail?: (mail: ReceivedMail) => void, options: FakeSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const relay: RelayState = { failing: false, open: 0, peak: 0, refused: 0, tries: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    // A client hanging up mid-answer is the client's business, never this server's crash.
    socket.on("error", () => undefined);
    if (options.maxConnections !== undefined && relay.open >= options.maxConnections) {
      relay.refused++;
      socket.end("421 too many connections\r\n");
      return;
    }
    relay.open++;
    relay.peak = Math.max(relay.peak, relay.open);
    sockets.add(socket);
    socket.on("close", () => {
      relay.open--;
      sockets.delete(socket);
    });
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
          const mail = current;
          current = { from: "", to: [], data: "" };
          setTimeout(() => {
            received.push(mail);
            onMail?.(mail);
            socket.write("250 queued\r\n");
          }, options.acceptAfterMs ?? 0);
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          relay.tries++;
          current = { from: line, to: [], data: "" };
          socket.write(relay.failing ? "451 4.3.0 try again later\r\n" : "250 ok\r\n");
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
  /** Stops listening and hangs up on the connections a client left open (a pool's idle ones). */
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { server, received, relay, close };
}

/** The fake server listening on a free loopback port: what it received, its smtp:// URL, a close. */
export async function startFakeSmtp(options: FakeSmtpOptions = {}) {
  const { server, received, relay, close } = fakeSmtpServer(undefined, options);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { received, relay, url: `smtp://127.0.0.1:${port}`, close };
}
