/**
 * A Bot API request's parameters as Telegram reads them: the query string
 * merged with a JSON or form-encoded body (form values that look like JSON,
 * such as reply_markup, are parsed).
 */
import type { IncomingMessage } from "node:http";
import { BotApiError } from "./state";

/** The request's parameters; a Bot API 400 for a broken JSON body or another content type. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  if (!body) return params;
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) {
    try {
      return { ...params, ...(JSON.parse(body) as Record<string, unknown>) };
    } catch {
      throw new BotApiError(400, "Bad Request: invalid JSON body");
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(body)) {
      params[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
    }
    return params;
  }
  throw new BotApiError(400, "Bad Request: unsupported content type");
}
