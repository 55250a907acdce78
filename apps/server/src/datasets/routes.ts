import {
  DatasetNameFieldSchema,
  DatasetUpdateRequestSchema,
  DatasetUploadRequestSchema,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { optionalUser, requireUser } from "../http/auth-guard";
import { hitSharedLimit } from "../http/shared-rate-limit";
import { DatasetManager } from "./manage";

/**
 * Datasets API: list bundled and own datasets, upload JSONL/CSV (private to
 * the uploader), view one (bundled or own) with its first examples, rename
 * and delete own datasets.
 */
export async function datasetRoutes(app: FastifyInstance): Promise<void> {
  const registry = () => app.deps.datasets;

  app.get("/datasets", async (request) => {
    const user = await optionalUser(request);
    return { success: true, data: await registry().list(user?.id ?? null) };
  });

  const { env, db } = app.deps;
  const manager = new DatasetManager(db, registry());

  app.get("/datasets/:name", async (request) => {
    const user = await optionalUser(request);
    const name = DatasetNameFieldSchema.parse((request.params as { name: string }).name);
    return { success: true, data: await manager.detail(user?.id ?? null, name) };
  });

  app.put("/datasets/:name", async (request) => {
    const user = await requireUser(request);
    const name = DatasetNameFieldSchema.parse((request.params as { name: string }).name);
    const patch = DatasetUpdateRequestSchema.parse(request.body);
    return { success: true, data: await manager.update(user.id, name, patch) };
  });
  const uploadLimit = {
    name: "dataset-upload",
    max: env.DATASET_UPLOADS_PER_HOUR,
    windowMs: 3_600_000,
    message: `You may upload at most ${env.DATASET_UPLOADS_PER_HOUR} datasets per hour. Please try again later.`,
  };

  app.post("/datasets", { bodyLimit: 1_500_000 }, async (request, reply) => {
    const user = await requireUser(request);
    await hitSharedLimit(db, uploadLimit, `user:${user.id}`);
    const body = DatasetUploadRequestSchema.parse(request.body);
    const summary = await registry().upload(user.id, body, {
      maxDatasets: env.DATASETS_MAX_PER_USER,
      maxChars: env.DATASETS_MAX_CHARS_PER_USER,
    });
    return reply.status(201).send({ success: true, data: summary });
  });

  app.delete("/datasets/:name", async (request) => {
    const user = await requireUser(request);
    const name = DatasetNameFieldSchema.parse((request.params as { name: string }).name);
    await registry().remove(user.id, name);
    return { success: true, data: { deleted: name } };
  });
}
