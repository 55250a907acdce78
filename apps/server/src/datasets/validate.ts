import {
  type DatasetExample,
  MAX_DATASET_CHARS,
  MAX_DATASET_ROWS,
  type Metric,
  MIN_DATASET_ROWS,
} from "@promptune/contracts";
import { DatasetError, parseDatasetJsonl, parseExpectedRegex } from "@promptune/engine";
import { parseDatasetCsv } from "./csv";

/** The file formats a user dataset may come in. */
export type DatasetFormat = "jsonl" | "csv";

/** A user dataset's text and how it is to be read and scored. */
export interface DatasetText {
  format: DatasetFormat;
  content: string;
  /** Name shown in error messages (a file name). */
  source: string;
  metric: Metric;
}

/**
 * Validates a user's dataset file exactly once, for uploads and for the CLI
 * alike: the size cap, every line (errors name the line), the number of
 * examples, an `expected` answer on every example when the metric is not the
 * judge, and regex patterns that compile. Throws a DatasetError listing the
 * problems; returns the examples otherwise.
 */
export function validateDatasetText(input: DatasetText): DatasetExample[] {
  const { source } = input;
  const fail = (message: string) => new DatasetError(source, [{ line: 0, message }]);
  if (!input.content.trim()) throw fail("the file is empty");
  if (input.content.length > MAX_DATASET_CHARS) {
    throw fail(`the file must be at most ${MAX_DATASET_CHARS} characters`);
  }
  const examples =
    input.format === "csv"
      ? parseDatasetCsv(input.content, source)
      : parseDatasetJsonl(input.content, { name: source });
  if (examples.length < MIN_DATASET_ROWS) {
    throw fail(
      `A dataset needs at least ${MIN_DATASET_ROWS} examples (this one has ${examples.length}).`,
    );
  }
  if (examples.length > MAX_DATASET_ROWS) {
    throw fail(
      `A dataset may hold at most ${MAX_DATASET_ROWS} examples (this one has ${examples.length}).`,
    );
  }
  if (input.metric !== "judge") {
    const missing = examples.findIndex((e) => !e.expected);
    if (missing >= 0) {
      throw fail(
        `Example ${missing + 1} ("${examples[missing]?.id}") needs an "expected" answer for the ${input.metric} metric.`,
      );
    }
  }
  if (input.metric === "regex") {
    const issues = examples.flatMap((e, i) => {
      try {
        parseExpectedRegex(e.expected ?? e.reference);
        return [];
      } catch (err) {
        return [
          {
            line: 0,
            message: `Example ${i + 1} ("${e.id}"): invalid regex in "expected" (${(err as Error).message})`,
          },
        ];
      }
    });
    if (issues.length) throw new DatasetError(source, issues);
  }
  return examples;
}
