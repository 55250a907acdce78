import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { Env } from "./env";

/** Query parameters whose values are secrets (session tokens, magic links, OAuth codes). */
const SECRET_PARAMS = ["token", "code", "code_verifier", "state"];

/** A request URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** What a request contributes to log lines: no cookies, no secrets in the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * pino options: readable lines in development, JSON in production, quiet in
 * tests unless LOG_LEVEL asks otherwise. Secrets in headers and URLs are redacted.
 */
export function loggerOptions(env: Env): FastifyServerOptions["logger"] {
  const base = {
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
  };
  if (env.NODE_ENV === "test")
    return { ...base, level: env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL };
  if (env.NODE_ENV === "development") {
    return {
      ...base,
      level: env.LOG_LEVEL,
      transport: {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
      },
    };
  }
  return { ...base, level: env.LOG_LEVEL };
}
