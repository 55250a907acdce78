/**
 * The CLI's client of a Promptune server (`--server URL`): authenticated
 * calls with a personal API token (PROMPTUNE_TOKEN) and dataset files
 * uploaded under their content hash, shared by `optimize --server` and
 * `eval --server`.
 */
import { createHash } from "node:crypto";
import type { DatasetExample, Metric } from "@promptune/contracts";
import { z } from "zod";
import { UsageError } from "./args-common";

/** The server could not be reached or failed (exit code 3, like a provider). */
export class ServerError extends Error {
  override name = "ServerError";
}

const EnvelopeSchema = z.object({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
});

/** Calls the server with one token and an optional abort signal. */
export type ServerCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; data: unknown; message?: string; code?: string }>;

/** The token of `--server`, or a usage error saying how to get one. */
export function serverToken(env: Record<string, string | undefined>): string {
  const token = env.PROMPTUNE_TOKEN;
  if (!token)
    throw new UsageError(
      "--server needs PROMPTUNE_TOKEN: create an API token with the run scope on the Profile page",
    );
  return token;
}

/**
 * Calls the server's API; 4xx answers are usage errors (bad token, scope,
 * request), others ServerErrors. `signal` aborts a call in progress (Ctrl-C),
 * which rejects with the AbortError.
 */
export function apiClient(server: string, token: string, signal?: AbortSignal): ServerCall {
  const base = `${server.replace(/\/+$/, "")}/api`;
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ServerError(`cannot reach the server ${server}: ${(err as Error).message}`);
    }
    const parsed = EnvelopeSchema.safeParse(await response.json().catch(() => null));
    const message = parsed.success ? parsed.data.error?.message : undefined;
    if (response.status >= 500 || !parsed.success)
      throw new ServerError(
        `the server ${server} answered ${response.status}${message ? `: ${message}` : ""}`,
      );
    if (response.status >= 400 && response.status !== 409)
      throw new UsageError(
        `the server refused ${method} ${path} (${response.status}): ${message ?? ""}`,
      );
    const code = parsed.data.error?.code;
    return {
      status: response.status,
      data: parsed.data.data,
      ...(message !== undefined ? { message } : {}),
      ...(code !== undefined ? { code } : {}),
    };
  };
}

/**
 * Uploads `examples` as a dataset named `cli-<content hash>` (an upload of
 * the same content is answered 409 and reused) and returns that name.
 */
export async function uploadExamples(
  call: ServerCall,
  file: string,
  metric: Metric,
  examples: DatasetExample[],
): Promise<string> {
  const content = examples.map((e) => JSON.stringify(e)).join("\n");
  const name = `cli-${createHash("sha256").update(`${metric}\n${content}`).digest("hex").slice(0, 12)}`;
  await call("POST", "/datasets", {
    name,
    title: `promptune CLI: ${file}`,
    metric,
    format: "jsonl",
    content,
  });
  return name;
}
