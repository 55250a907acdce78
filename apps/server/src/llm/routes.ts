/**
 * GET /llm/status (open to everyone, like /auto-tune/defaults): each
 * configured provider, the models it serves and its state, so the web app can
 * show that the local model is downloading or loading, or what to configure
 * when it failed. It tells nothing the defaults and the error messages do not:
 * model names, download progress, and a model URL without credentials or query.
 */
import { type LlmStatus, LlmStatusSchema, type Success } from "@promptune/contracts";
import type { FastifyInstance } from "fastify";

/** The LLM status plugin (registered under /api). */
export async function llmRoutes(app: FastifyInstance): Promise<void> {
  const { llm } = app.deps;
  app.get(
    "/llm/status",
    async (): Promise<Success<LlmStatus>> => ({
      success: true,
      data: LlmStatusSchema.parse(llm.status()),
    }),
  );
}
