/**
 * The "Feedback" datasets (issue 25, item 2): every rated reply of a user's
 * web chats (feedback-chat) or of their integration's bots
 * (feedback-telegram) is a row: the dialog up to the rated reply, the
 * reference (the owner's edit, else the correction, else the 👍 reply) and
 * the rubric (the owner's edit, else the rater's note). Rows without a
 * reference (a 👎 nobody corrected yet) are shown for review but left out of
 * optimisation and downloads.
 */
import {
  type DatasetExample,
  type DatasetSummary,
  FEEDBACK_DATASETS,
  type FeedbackDatasetName,
  type FeedbackRow,
  type FeedbackRowPatch,
} from "@promptune/contracts";
import type { LoadedDataset } from "@promptune/engine";
import type { Kysely, Selectable } from "kysely";
import type { Database, RatingsTable } from "../db/schema";
import { badRequest, notFound } from "../errors";

type RatingRow = Selectable<RatingsTable>;

/** The reference a row is scored against, or null when it has none yet. */
function referenceOf(row: RatingRow): string | null {
  if (row.reference) return row.reference;
  if (row.correction) return row.correction;
  return row.rating === "up" ? row.reply : null;
}

/** The row's rubric items. */
function rubricOf(row: RatingRow): string[] {
  if (row.rubric !== null) return JSON.parse(row.rubric) as string[];
  return row.note ? [row.note] : [];
}

/** A stored rating as the review view shows it. */
function toFeedbackRow(row: RatingRow): FeedbackRow {
  return {
    id: row.id,
    side: row.side === "before" ? "before" : "after",
    mode: row.chat_mode === "multi" ? "multi" : "single",
    dialog: JSON.parse(row.dialog) as FeedbackRow["dialog"],
    reply: row.reply,
    rating: row.rating === "up" ? "up" : "down",
    correction: row.correction,
    note: row.note,
    reference: referenceOf(row),
    rubric: rubricOf(row),
    prompt_hash: row.prompt_hash,
    model: row.model,
    temperature: Number(row.temperature),
    rater: {
      role: row.rater_role === "friend" ? "friend" : "owner",
      username: row.rater_username,
    },
    rated_at: row.rated_at ?? row.created_at,
  };
}

/** A row as a dataset example; undefined when it has no reference. */
function toExample(row: FeedbackRow): DatasetExample | undefined {
  if (!row.reference) return undefined;
  return {
    id: row.id,
    domain: "feedback",
    dialog: row.dialog,
    reference: row.reference,
    rubric: row.rubric.slice(0, 6),
  };
}

/** The Feedback datasets of each user, read from the ratings table. */
export class FeedbackDatasets {
  constructor(private readonly db: Kysely<Database>) {}

  /** The rated rows of one of the user's Feedback datasets, newest first. */
  async rows(userId: string, name: FeedbackDatasetName): Promise<FeedbackRow[]> {
    const rows = await this.db
      .selectFrom("ratings")
      .selectAll()
      .where("user_id", "=", userId)
      .where("source", "=", FEEDBACK_DATASETS[name].source)
      .where("rating", "is not", null)
      .orderBy("rated_at", "desc")
      .orderBy("id")
      .execute();
    return rows.map(toFeedbackRow);
  }

  /** The examples a run or a download uses (rows with a reference), oldest first. */
  async examples(userId: string, name: FeedbackDatasetName): Promise<DatasetExample[]> {
    const rows = await this.rows(userId, name);
    return rows.reverse().flatMap((r) => toExample(r) ?? []);
  }

  /** The user's non-empty Feedback datasets as `GET /datasets` lists them (size: usable rows). */
  async summaries(userId: string): Promise<DatasetSummary[]> {
    const out: DatasetSummary[] = [];
    for (const [name, info] of Object.entries(FEEDBACK_DATASETS)) {
      const rows = await this.rows(userId, name as FeedbackDatasetName);
      if (rows.length === 0) continue;
      const usable = rows.filter((r) => r.reference).length;
      out.push({
        name,
        title: info.title,
        description: `Built from ${rows.length} rated replies; ${usable} have a reference and are used for optimisation.`,
        metric: "judge",
        size: usable,
        owner: "feedback",
      });
    }
    return out;
  }

  /** A Feedback dataset loaded for a run; 400 when it has no usable row. */
  async resolve(userId: string, name: FeedbackDatasetName): Promise<LoadedDataset> {
    const examples = await this.examples(userId, name);
    if (examples.length === 0) {
      throw badRequest(
        `"${name}" has no rows with a reference yet: rate some replies 👍, or correct a 👎, first.`,
      );
    }
    const info = FEEDBACK_DATASETS[name];
    return {
      name,
      metric: "judge",
      examples,
      title: info.title,
      description: "Replies rated by the people who chatted with the assistant.",
    };
  }

  /** The JSONL download: one example per line. */
  async jsonl(userId: string, name: FeedbackDatasetName): Promise<string> {
    const examples = await this.examples(userId, name);
    return examples.map((e) => `${JSON.stringify(e)}\n`).join("");
  }

  /** Edits a row's reference and/or rubric; 404 unless the row is the caller's and in `name`. */
  async edit(
    userId: string,
    name: FeedbackDatasetName,
    id: string,
    patch: FeedbackRowPatch,
  ): Promise<FeedbackRow> {
    const result = await this.db
      .updateTable("ratings")
      .set({
        ...(patch.reference !== undefined ? { reference: patch.reference } : {}),
        ...(patch.rubric !== undefined ? { rubric: JSON.stringify(patch.rubric) } : {}),
      })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("source", "=", FEEDBACK_DATASETS[name].source)
      .where("rating", "is not", null)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) throw notFound(`No row "${id}" in ${name}.`);
    const row = await this.db
      .selectFrom("ratings")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return toFeedbackRow(row);
  }

  /** Deletes a row (the rating); 404 unless it is the caller's and in `name`. */
  async remove(userId: string, name: FeedbackDatasetName, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom("ratings")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("source", "=", FEEDBACK_DATASETS[name].source)
      .where("rating", "is not", null)
      .executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw notFound(`No row "${id}" in ${name}.`);
  }
}
