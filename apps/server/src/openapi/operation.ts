/** The shape of one documented API operation (operations.ts, operations-app.ts, operations-inspection.ts). */
import type { z } from "zod";

/** One documented operation. */
export interface Operation {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path under /api, with `{param}` placeholders. */
  path: string;
  tag: string;
  summary: string;
  /** Who may call it: a session or token with the scope, or anyone. */
  auth: "public" | "read" | "run" | "deploy" | "session";
  body?: z.ZodType;
  /** The schema of the success envelope's `data`. */
  data?: z.ZodType;
  /** The whole success body when it adds to `{success, data}` (a history page's `next_cursor`). */
  envelope?: z.ZodType;
  /** A success body outside the envelope (the documentation routes), as JSON Schema. */
  response?: { contentType: string; schema: Record<string, unknown> };
  status?: 200 | 201 | 202;
  query?: Record<string, z.ZodType>;
}
