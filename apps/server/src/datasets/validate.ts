import {
  type DatasetExample,
  MAX_DATASET_CHARS,
  MAX_DATASET_ROWS,
  type Metric,
  MIN_DATASET_ROWS,
} from "@promptune/contracts";
import { compileExpectedPattern, DatasetError, parseDatasetJsonlSteps } from "@promptune/engine";
import { parseDatasetCsvSteps } from "./csv";
import { runWithoutBlocking } from "./stepwise";

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
 * The per-example check for `metric`, reported with the example's line: the
 * exact, contains and regex metrics need an `expected` answer on every
 * example, and a regex dataset's patterns must compile with the linear-time
 * engine (RE2), so a pattern that could backtrack for ever, or that RE2
 * cannot run, is refused instead of failing (or hanging) a run later.
 */
function exampleCheck(
  metric: Metric,
): ((example: DatasetExample) => string | undefined) | undefined {
  if (metric === "judge") return undefined;
  return (example) => {
    if (!example.expected)
      return `expected: the ${metric} metric needs an "expected" answer on every example`;
    if (metric !== "regex") return undefined;
    try {
      compileExpectedPattern(example.expected);
      return undefined;
    } catch (error) {
      return `expected: ${(error as Error).message}`;
    }
  };
}

/**
 * Validates a user's dataset file exactly once, for uploads and for the CLI
 * alike: the size cap, every line (errors name the line, regex patterns must
 * compile with RE2), the number of examples and an `expected` answer on every
 * example when the metric is not the judge. Parsing hands the event loop back
 * between slices, so a large invalid upload never stalls the server. Throws a
 * DatasetError listing the problems; returns the examples otherwise.
 */
export async function validateDatasetText(input: DatasetText): Promise<DatasetExample[]> {
  const { source } = input;
  const fail = (message: string) => new DatasetError(source, [{ line: 0, message }]);
  if (!input.content.trim()) throw fail("the file is empty");
  if (input.content.length > MAX_DATASET_CHARS) {
    throw fail(
      `the file must be at most ${MAX_DATASET_CHARS.toLocaleString("en-US")} characters (this one has ${input.content.length.toLocaleString("en-US")})`,
    );
  }
  const options = { name: source, check: exampleCheck(input.metric) };
  const examples = await runWithoutBlocking(
    input.format === "csv"
      ? parseDatasetCsvSteps(input.content, options)
      : parseDatasetJsonlSteps(input.content, options),
  );
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
  return examples;
}
