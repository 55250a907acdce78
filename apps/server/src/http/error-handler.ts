import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { HttpError } from "../errors";

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
 * 400; anything else is logged and answered with a generic 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
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
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ success: false, error: { message: "Internal server error. Please try again." } });
  });
}
