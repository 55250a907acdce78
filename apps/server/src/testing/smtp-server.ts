import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One e-mail the test SMTP server accepted, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part (decoded). */
  text: string;
  /** The text/html part (decoded), or "". */
  html: string;
  raw: string;
}

/** A running SMTP server that keeps what it receives. */
export interface SmtpFixture {
  port: number;
  /** `smtp://127.0.0.1:<port>`, usable as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next (or an already received, unclaimed) mail to `to`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Options of the test SMTP server. */
export interface SmtpFixtureOptions {
  /** When set, clients must log in with exactly these credentials (AUTH PLAIN/LOGIN). */
  credentials?: { user: string; pass: string };
}

function splitHead(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at >= 0 ? part.slice(0, at) : part;
  const body = at >= 0 ? part.slice(at).replace(/^\r?\n\r?\n/, "") : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?...?= and =?utf-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeTransfer(text.replace(/_/g, " "), "quoted-printable"),
  );
}

/** Collects the text and html leaves of a (possibly multipart) MIME entity. */
function collectParts(entity: string, out: { text: string; html: string }): void {
  const { headers, body } = splitHead(entity);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const decoded = decodeTransfer(body, headers.get("content-transfer-encoding"));
  if (/^text\/html/i.test(type)) out.html ||= decoded;
  else if (/^text\/plain/i.test(type)) out.text ||= decoded;
}

/** Parses a raw message into the fields tests read. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers } = splitHead(raw);
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: parts.text,
    html: parts.html,
    raw,
  };
}

/**
 * Starts a real SMTP server (smtp-server) on 127.0.0.1 and a random port, with
 * STARTTLS disabled so the app's nodemailer transport talks plain SMTP.
 */
export async function startSmtpServer(options: SmtpFixtureOptions = {}): Promise<SmtpFixture> {
  const messages: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiters: Array<{ to: string; resolve(mail: ReceivedMail): void }> = [];
  const { credentials } = options;

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const index = waiters.findIndex((w) => mail.to.includes(w.to));
    const waiter = index >= 0 ? waiters.splice(index, 1)[0] : undefined;
    if (waiter) {
      claimed.add(mail);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    disabledCommands: credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        deliver(parseMail(Buffer.concat(chunks).toString("utf8"), { from, to }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMail(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const ready = messages.find((m) => !claimed.has(m) && m.to.includes(address));
      if (ready) {
        claimed.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          to: address,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
