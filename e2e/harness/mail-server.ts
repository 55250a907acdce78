/**
 * A real SMTP server for end-to-end tests (smtp-server on 127.0.0.1) that
 * keeps every message and exposes them over a tiny HTTP API:
 * GET /messages?to=<address> → [{to, subject, text}], DELETE /messages clears.
 */
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";
import { E2E_PORTS } from "./ports";

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const mails: StoredMail[] = [];

function headerValue(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}:\\s*(.*)$`, "im"));
  return match?.[1]?.trim() ?? "";
}

function decodeBody(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const body = split >= 0 ? raw.slice(split + 4) : raw;
  // Quoted-printable soft line breaks and escapes (nodemailer uses QP for long lines).
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: headerValue(raw, "Subject"),
        text: decodeBody(raw),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(E2E_PORTS.smtp, "127.0.0.1");

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/messages" && req.method === "DELETE") {
    mails.length = 0;
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
    return;
  }
  if (url.pathname === "/healthz") {
    res.writeHead(200).end("ok");
    return;
  }
  res.writeHead(404).end();
}).listen(E2E_PORTS.mailbox, "127.0.0.1");
