import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { HttpError } from "../errors";
import { securityHeaders } from "./security-headers";
import { storageUnavailable } from "./storage-errors";

/** Turns the first zod issue into a readable sentence, prefixed by its field path. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path.join(".");
  return path && !issue.message.toLowerCase().startsWith(String(issue.path[0]).toLowerCase())
    ? `${path}: ${issue.message}`
    : issue.message;
}

/**
 * The single place errors become HTTP responses: `{success:false, error:{message}}`.
 * HttpError keeps its status and message; zod and Fastify validation errors are
 * 400; a database that is full, read-only or failing to read/write is a 503
 * with a plain message (see storageUnavailable); anything else is answered
 * with a generic 500. Every server-side failure
 * (5xx) is logged with its technical detail under the request id, and the
 * answer carries that id as `request_id`, never the detail itself.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | ZodError | Error, request, reply) => {
    const error = storageUnavailable(thrown) ?? thrown;
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      if (error.status >= 500) {
        request.log.error({ err: error, requestId: request.id }, "request failed");
        return reply.status(error.status).send({
          success: false,
          error: { message: error.message, code: error.code, request_id: request.id },
        });
      }
      return reply
        .status(error.status)
        .send({ success: false, error: { message: error.message, code: error.code } });
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send({ success: false, error: { message: describeZodError(error), code: "bad_request" } });
    }
    const status =
      "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        "code" in error && error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Requests must send a JSON body (Content-Type: application/json)."
          : error.message;
      return reply.status(status).send({ success: false, error: { message } });
    }
    request.log.error({ err: error, requestId: request.id }, "unhandled error");
    return reply.status(500).send({
      success: false,
      error: { message: "Internal server error. Please try again.", request_id: request.id },
    });
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any
 * handler or hook runs (a path with bad percent-encoding, a path parameter
 * longer than `maxParamLength`). Without it Fastify answers them in its own
 * JSON shape; with it they use the API's envelope like every other error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const messages: Record<string, string> = {
    FST_ERR_BAD_URL: "The address is malformed (invalid percent-encoding).",
    FST_ERR_MAX_PARAM_LENGTH: "A value in the address is too long.",
  };
  const status = error.statusCode ?? 400;
  // Routing errors skip the hooks, so the security headers are added here.
  reply.headers(securityHeaders(reply.server.deps.env.PUBLIC_URL));
  void reply.status(status).send({
    success: false,
    error: {
      message: messages[error.code] ?? "The request could not be routed.",
      code: status < 500 ? "bad_request" : "internal",
    },
  });
}
