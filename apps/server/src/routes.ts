import type { FastifyInstance } from "fastify";
import { authRoutes } from "./auth/routes";
import { autotuneRoutes } from "./autotune/routes";
import { datasetRoutes } from "./datasets/routes";
import { integrationRoutes } from "./integration/routes";
import { llmRoutes } from "./llm/routes";
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
  await app.register(datasetRoutes);
  await app.register(runRoutes);
  await app.register(autotuneRoutes);
  await app.register(integrationRoutes);
  await app.register(llmRoutes);
}
