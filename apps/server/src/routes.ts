import type { FastifyInstance } from "fastify";

/**
 * Registers every feature's routes under the /api prefix. One line per
 * feature; each feature folder exports a Fastify plugin.
 */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  app.get("/", async () => ({ success: true, data: { name: "Promptune API" } }));
}
