/**
 * A real SMTP server for end-to-end tests (smtp-server on 127.0.0.1) that
 * keeps every message and exposes them over a tiny HTTP API:
 * GET /messages?to=<address> → [{to, subject, text}], DELETE /messages clears.
 */
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";
import { parseMail } from "../../apps/server/src/testing/smtp-server";
import { E2E_PORTS } from "./ports";

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const mails: StoredMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      // Each MIME part decoded by its own transfer encoding (a 7bit text part is not
      // quoted-printable: decoding it as such once turned a link's "token=3D…" into "token=…").
      const mail = parseMail(Buffer.concat(chunks).toString("utf8"), { from: "", to });
      mails.push({
        to,
        subject: mail.subject,
        text: mail.text,
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
