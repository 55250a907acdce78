import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DatasetExample,
  type DatasetSummary,
  type DatasetUploadRequest,
  isFeedbackDatasetName,
  type Metric,
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
import { badRequest, conflict, HttpError, notFound } from "../errors";
import { FeedbackDatasets } from "../feedback/dataset";
import { mergeDatasets, runDatasetNames } from "./merge";
import { validateDatasetText } from "./validate";

/** Limits of one user's uploads (DATASETS_MAX_PER_USER, DATASETS_MAX_CHARS_PER_USER). */
export interface DatasetQuota {
  maxDatasets: number;
  maxChars: number;
}

/** 403 with code `quota_exceeded`: the upload would pass the user's dataset quota. */
const quotaExceeded = (message: string) => new HttpError(403, message, { code: "quota_exceeded" });

/**
 * Every dataset a user can optimise against: the bundled ones (read once from
 * the datasets folder), the user's own uploads and the user's Feedback
 * datasets built from ratings (both private to their owner).
 */
export class DatasetRegistry {
  private bundled: Promise<BundledDataset[]> | undefined;
  /** The Feedback datasets (feedback-chat, feedback-telegram), read from the ratings. */
  readonly feedback: FeedbackDatasets;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dir: string,
  ) {
    this.feedback = new FeedbackDatasets(db);
  }

  /** The bundled datasets, loaded and validated once. */
  bundledDatasets(): Promise<BundledDataset[]> {
    this.bundled ??= loadBundledDatasets((file) => readFile(join(this.dir, file), "utf8"));
    return this.bundled;
  }

  /** Names of the bundled datasets in display order. */
  async bundledNames(): Promise<string[]> {
    return (await this.bundledDatasets()).map((d) => d.name);
  }

  /** Bundled datasets, then the user's Feedback datasets and uploads (when signed in). */
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
      ...(await this.feedback.summaries(userId)),
      ...own.map((d) => ({ ...d, metric: d.metric as Metric, owner: "user" as const })),
    ];
  }

  /** The dataset a run uses; 400 when the name is neither bundled nor the caller's. */
  async resolve(userId: string, name: string): Promise<LoadedDataset> {
    const bundled = (await this.bundledDatasets()).find((d) => d.name === name);
    if (bundled)
      return {
        name: bundled.name,
        metric: bundled.metric,
        examples: bundled.examples,
        title: bundled.entry.title,
        description: bundled.entry.description,
      };
    if (isFeedbackDatasetName(name)) return this.feedback.resolve(userId, name);
    const own = await this.db
      .selectFrom("user_datasets")
      .select(["name", "metric", "examples", "title", "description", "task"])
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
      title: own.title,
      description: own.description,
      ...(own.task ? { task: own.task } : {}),
    };
  }

  /**
   * The evaluation set of a run: its `dataset_name` merged with its
   * `extra_datasets` (merge.ts); just the one dataset when it names no more.
   */
  async resolveRun(
    userId: string,
    request: { dataset_name: string; extra_datasets?: readonly string[] | undefined },
  ): Promise<LoadedDataset> {
    const names = runDatasetNames(request);
    const loaded: LoadedDataset[] = [];
    for (const name of names) loaded.push(await this.resolve(userId, name));
    return mergeDatasets(loaded);
  }

  /** How many datasets a user keeps and how many characters of examples they hold. */
  async usage(userId: string): Promise<{ datasets: number; chars: number }> {
    const row = await this.db
      .selectFrom("user_datasets")
      .select((eb) => [
        eb.fn.countAll<string | number>().as("n"),
        eb.fn.sum<string | number | null>(eb.fn("length", ["examples"])).as("chars"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return { datasets: Number(row?.n ?? 0), chars: Number(row?.chars ?? 0) };
  }

  /**
   * Validates and stores an uploaded dataset; errors name the offending
   * lines. The file is parsed in slices that hand the event loop back, and
   * the user's quota (datasets kept, characters stored) is checked.
   */
  async upload(
    userId: string,
    input: DatasetUploadRequest,
    quota: DatasetQuota,
  ): Promise<DatasetSummary> {
    if ((await this.bundledNames()).includes(input.name)) {
      throw conflict(`"${input.name}" is the name of a bundled dataset. Choose another name.`);
    }
    if (isFeedbackDatasetName(input.name)) {
      throw conflict(
        `"${input.name}" is the name of your Feedback dataset, built from ratings. Choose another name.`,
      );
    }
    const before = await this.usage(userId);
    if (before.datasets >= quota.maxDatasets) {
      throw quotaExceeded(
        `You have ${before.datasets} datasets, the most one account may keep (${quota.maxDatasets}). Delete one to upload another.`,
      );
    }
    let examples: DatasetExample[];
    try {
      examples = await validateDatasetText({
        format: input.format,
        content: input.content,
        source: `${input.name}.${input.format}`,
        metric: input.metric,
      });
    } catch (error) {
      if (error instanceof DatasetError) throw badRequest(error.message);
      throw error;
    }
    const stored = JSON.stringify(examples);
    if (before.chars + stored.length > quota.maxChars) {
      throw quotaExceeded(
        `This dataset would bring your stored datasets to ${before.chars + stored.length} characters; one account may keep ${quota.maxChars}. Delete a dataset or upload a smaller one.`,
      );
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
        task: input.task || null,
        metric: summary.metric,
        examples: stored,
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
