/**
 * The OpenAPI 3.1 document of the automation API (GET /api/openapi.json),
 * generated from the zod contracts listed in operations.ts: JSON Schema
 * 2020-12, which OpenAPI 3.1 uses as is.
 */
import { z } from "zod";
import { CLI_VERSION } from "../cli/version";
import { ErrorEnvelopeSchema, OPERATIONS, type Operation } from "./operations";

const json = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
};

const SCOPES: Record<Operation["auth"], string> = {
  public: "No authentication needed.",
  read: "A session, or an API token with the `read` scope.",
  run: "A session, or an API token with the `run` scope.",
  deploy: "A session, or an API token with the `deploy` scope.",
  session: "A signed-in session (API tokens are refused).",
};

/** The success body: the `{success, data}` envelope, a fuller envelope, or a raw body. */
function successContent(op: Operation) {
  if (op.response) return { [op.response.contentType]: { schema: op.response.schema } };
  if (op.envelope) return { "application/json": { schema: json(op.envelope, "output") } };
  if (!op.data) throw new Error(`${op.method} ${op.path} documents no answer`);
  return {
    "application/json": {
      schema: {
        type: "object",
        required: ["success", "data"],
        properties: { success: { const: true }, data: json(op.data, "output") },
      },
    },
  };
}

function operationObject(op: Operation) {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = Object.entries(op.query ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: !schema.safeParse(undefined).success,
    schema: json(schema, "input"),
  }));
  const status = String(op.status ?? 200);
  const error = {
    content: { "application/json": { schema: json(ErrorEnvelopeSchema, "output") } },
  };
  return {
    operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    description: SCOPES[op.auth],
    ...(op.auth === "public" ? { security: [] } : {}),
    ...(params.length || query.length ? { parameters: [...params, ...query] } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(op.body, "input") } },
          },
        }
      : {}),
    responses: {
      [status]: { description: "Success", content: successContent(op) },
      "400": { description: "Invalid request (the message says what is wrong)", ...error },
      ...(op.auth === "public"
        ? {}
        : {
            "401": { description: "No valid session or API token", ...error },
            "403": { description: "The token lacks the scope, or a foreign Origin", ...error },
          }),
    },
  };
}

/** The OpenAPI 3.1 document; `serverUrl` is the deployment's public URL. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Promptune API",
      version: CLI_VERSION,
      description:
        "The API of Promptune: datasets, optimisation runs and their history, evals, API tokens, and the web app's own calls (sign-in, chat, Telegram integration). Authenticate with a personal API token (create one on the Profile page) as `Authorization: Bearer pt_…`.",
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, "")}/api` }],
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal API token (pt_…).",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "session" },
      },
    },
    paths,
  };
}
