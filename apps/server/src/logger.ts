import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env";

/**
 * pino options: readable lines in development, JSON in production, quiet in
 * tests unless LOG_LEVEL asks otherwise. Secrets in headers are redacted.
 */
export function loggerOptions(env: Env): FastifyServerOptions["logger"] {
  const redact = ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];
  if (env.NODE_ENV === "test")
    return { level: env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL, redact };
  if (env.NODE_ENV === "development") {
    return {
      level: env.LOG_LEVEL,
      redact,
      transport: {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
      },
    };
  }
  return { level: env.LOG_LEVEL, redact };
}
