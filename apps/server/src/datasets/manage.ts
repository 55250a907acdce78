import {
  DATASET_PREVIEW_ROWS,
  type DatasetDetail,
  type DatasetExample,
  type DatasetSummary,
  type DatasetUpdateRequest,
  type Metric,
} from "@promptune/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { notFound } from "../errors";
import type { DatasetRegistry } from "./registry";

/**
 * Viewing and renaming datasets for the datasets page (issue 26 §3 item 15):
 * a bundled dataset or one of the caller's own, never another user's (which
 * reads as 404, like a name that does not exist).
 */
export class DatasetManager {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly registry: DatasetRegistry,
  ) {}

  /** A dataset's summary and its first examples; 404 unless bundled or the caller's. */
  async detail(userId: string | null, name: string): Promise<DatasetDetail> {
    const bundled = (await this.registry.bundledDatasets()).find((d) => d.name === name);
    if (bundled) {
      return {
        dataset: {
          name: bundled.name,
          title: bundled.entry.title,
          description: bundled.entry.description,
          metric: bundled.metric,
          size: bundled.examples.length,
          owner: "bundled",
        },
        examples: bundled.examples.slice(0, DATASET_PREVIEW_ROWS),
      };
    }
    if (!userId) throw notFound(`No dataset named "${name}".`);
    const own = await this.db
      .selectFrom("user_datasets")
      .select(["name", "title", "description", "metric", "size", "examples", "task"])
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!own) throw notFound(`No dataset named "${name}".`);
    const examples = JSON.parse(own.examples) as DatasetExample[];
    return {
      dataset: summaryOf(own),
      examples: examples.slice(0, DATASET_PREVIEW_ROWS),
      ...(own.task ? { task: own.task } : {}),
    };
  }

  /** Changes the title and/or description of one of the caller's datasets; 404 otherwise. */
  async update(userId: string, name: string, patch: DatasetUpdateRequest): Promise<DatasetSummary> {
    const result = await this.db
      .updateTable("user_datasets")
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
      })
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) throw notFound(`No dataset named "${name}".`);
    const row = await this.db
      .selectFrom("user_datasets")
      .select(["name", "title", "description", "metric", "size"])
      .where("user_id", "=", userId)
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return summaryOf(row);
  }
}

function summaryOf(row: {
  name: string;
  title: string;
  description: string;
  metric: string;
  size: number;
}): DatasetSummary {
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    metric: row.metric as Metric,
    size: row.size,
    owner: "user",
  };
}
