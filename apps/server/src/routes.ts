import type { FastifyInstance } from "fastify";
import { apiTokenRoutes } from "./api-tokens/routes";
import { authRoutes } from "./auth/routes";
import { autotuneRoutes } from "./autotune/routes";
import { datasetRoutes } from "./datasets/routes";
import { deployRoutes } from "./deploys/routes";
import { evalRoutes } from "./evals/routes";
import { evidenceRoutes } from "./evidence/routes";
import { feedbackRoutes } from "./feedback/routes";
import { integrationRoutes } from "./integration/routes";
import { llmRoutes } from "./llm/routes";
import { openApiRoutes } from "./openapi/routes";
import { profileRoutes } from "./profile/routes";
import { runRoutes } from "./runs/routes";

/**
 * Registers every feature's routes under the /api prefix. One line per
 * feature; each feature folder exports a Fastify plugin.
 */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  app.get("/", async () => ({ success: true, data: { name: "Promptune API" } }));
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(apiTokenRoutes);
  await app.register(datasetRoutes);
  await app.register(runRoutes);
  await app.register(evalRoutes);
  await app.register(evidenceRoutes);
  await app.register(autotuneRoutes);
  await app.register(integrationRoutes);
  await app.register(feedbackRoutes);
  await app.register(deployRoutes);
  await app.register(llmRoutes);
  await app.register(openApiRoutes);
}
