import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  DatasetExample,
  DatasetSummary,
  DatasetUploadRequest,
  Metric,
} from "@promptune/contracts";
import {
  type BundledDataset,
  DatasetError,
  type LoadedDataset,
  loadBundledDatasets,
} from "@promptune/engine";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { validateDatasetText } from "./validate";

/**
 * Every dataset a user can optimise against: the bundled ones (read once from
 * the datasets folder) and the user's own uploads (private to their owner).
 */
export class DatasetRegistry {
  private bundled: Promise<BundledDataset[]> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dir: string,
  ) {}

  /** The bundled datasets, loaded and validated once. */
  bundledDatasets(): Promise<BundledDataset[]> {
    this.bundled ??= loadBundledDatasets((file) => readFile(join(this.dir, file), "utf8"));
    return this.bundled;
  }

  /** Names of the bundled datasets in display order. */
  async bundledNames(): Promise<string[]> {
    return (await this.bundledDatasets()).map((d) => d.name);
  }

  /** Bundled datasets, then the user's own (when signed in). */
  async list(userId: string | null): Promise<DatasetSummary[]> {
    const bundled = (await this.bundledDatasets()).map<DatasetSummary>((d) => ({
      name: d.name,
      title: d.entry.title,
      description: d.entry.description,
      metric: d.metric,
      size: d.examples.length,
      owner: "bundled",
    }));
    if (!userId) return bundled;
    const own = await this.db
      .selectFrom("user_datasets")
      .select(["name", "title", "description", "metric", "size"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute();
    return [
      ...bundled,
      ...own.map((d) => ({ ...d, metric: d.metric as Metric, owner: "user" as const })),
    ];
  }

  /** The dataset a run uses; 400 when the name is neither bundled nor the caller's. */
  async resolve(userId: string, name: string): Promise<LoadedDataset> {
    const bundled = (await this.bundledDatasets()).find((d) => d.name === name);
    if (bundled) return { name: bundled.name, metric: bundled.metric, examples: bundled.examples };
    const own = await this.db
      .selectFrom("user_datasets")
      .select(["name", "metric", "examples"])
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!own)
      throw badRequest(
        `Unknown dataset "${name}". Pick one of the listed datasets or upload your own.`,
      );
    return {
      name: own.name,
      metric: own.metric as Metric,
      examples: JSON.parse(own.examples) as DatasetExample[],
    };
  }

  /** Validates and stores an uploaded dataset; errors name the offending lines. */
  async upload(userId: string, input: DatasetUploadRequest): Promise<DatasetSummary> {
    if ((await this.bundledNames()).includes(input.name)) {
      throw conflict(`"${input.name}" is the name of a bundled dataset. Choose another name.`);
    }
    let examples: DatasetExample[];
    try {
      examples = validateDatasetText({
        format: input.format,
        content: input.content,
        source: `${input.name}.${input.format}`,
        metric: input.metric,
      });
    } catch (error) {
      if (error instanceof DatasetError) throw badRequest(error.message);
      throw error;
    }
    const summary: DatasetSummary = {
      name: input.name,
      title: input.title || input.name,
      description: input.description ?? "",
      metric: input.metric,
      size: examples.length,
      owner: "user",
    };
    const inserted = await this.db
      .insertInto("user_datasets")
      .values({
        id: randomUUID(),
        user_id: userId,
        name: summary.name,
        title: summary.title,
        description: summary.description,
        metric: summary.metric,
        examples: JSON.stringify(examples),
        size: summary.size,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(["user_id", "name"]).doNothing())
      .executeTakeFirst();
    if (!inserted.numInsertedOrUpdatedRows) {
      throw conflict(
        `You already have a dataset named "${input.name}". Delete it first or choose another name.`,
      );
    }
    return summary;
  }

  /** Deletes one of the caller's datasets. */
  async remove(userId: string, name: string): Promise<void> {
    const result = await this.db
      .deleteFrom("user_datasets")
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!result.numDeletedRows) throw notFound(`No dataset named "${name}".`);
  }
}
