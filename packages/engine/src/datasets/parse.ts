/**
 * Parsing and validation of evaluation datasets (JSONL, one example per line)
 * and of the bundled manifest (datasets/index.json). Errors name the file and
 * line so that a dataset author can fix them without guessing.
 */
import {
  type DatasetExample,
  DatasetExampleSchema,
  type DatasetManifestEntry,
  DatasetManifestEntrySchema,
} from "@promptune/contracts";
import { z } from "zod";

/** One problem found in a dataset file. */
export interface DatasetIssue {
  /** 1-based line number in the JSONL file (0 for whole-file problems). */
  line: number;
  message: string;
}

/**
 * Problems after which a parser stops checking a file: the message shows 10
 * anyway, and validating (and describing) thousands of bad lines of a large
 * upload would only burn CPU.
 */
export const MAX_DATASET_ISSUES = 100;

/** A dataset or manifest that failed validation; `issues` lists the problems found. */
export class DatasetError extends Error {
  constructor(
    readonly source: string,
    readonly issues: DatasetIssue[],
  ) {
    const shown = issues
      .slice(0, 10)
      .map((i) => (i.line ? `line ${i.line}: ${i.message}` : i.message));
    const stopped =
      issues.length >= MAX_DATASET_ISSUES
        ? ` (checking stopped after ${MAX_DATASET_ISSUES} problems)`
        : "";
    const more = issues.length > 10 ? `\n  … and ${issues.length - 10} more${stopped}` : "";
    super(`invalid dataset ${source}:\n  ${shown.join("\n  ")}${more}`);
    this.name = "DatasetError";
  }
}

/** Formats zod issues as `path: message` strings. */
function describeZodError(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** Options of the dataset parsers. */
export interface DatasetParseOptions {
  /** File name used in error messages. */
  name: string;
  /**
   * Extra check of each valid example (e.g. that a regex metric's pattern
   * compiles); a returned message becomes an issue on the example's line.
   */
  check?: (example: DatasetExample) => string | undefined;
}

/** Lines parsed between two pauses of `parseDatasetJsonlSteps`. */
const LINES_PER_STEP = 50;

/**
 * Parses JSONL text into validated examples, pausing (`yield`) every few
 * lines so that a caller can hand the thread back between slices (a large
 * upload then never blocks the server). Blank lines and lines starting with
 * `//` are skipped. Throws a DatasetError listing every bad line, any
 * duplicate id, or an empty file.
 */
export function* parseDatasetJsonlSteps(
  text: string,
  options: DatasetParseOptions,
): Generator<void, DatasetExample[], void> {
  const issues: DatasetIssue[] = [];
  const examples: DatasetExample[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length && issues.length < MAX_DATASET_ISSUES; index++) {
    if (index % LINES_PER_STEP === LINES_PER_STEP - 1) yield;
    const line = index + 1;
    const trimmed = (lines[index] as string).trim();
    if (!trimmed || trimmed.startsWith("//")) continue;
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (err) {
      issues.push({ line, message: `not valid JSON (${(err as Error).message})` });
      continue;
    }
    const parsed = DatasetExampleSchema.safeParse(json);
    if (!parsed.success) {
      for (const message of describeZodError(parsed.error)) issues.push({ line, message });
      continue;
    }
    const previous = seen.get(parsed.data.id);
    if (previous !== undefined) {
      issues.push({
        line,
        message: `duplicate id "${parsed.data.id}" (first on line ${previous})`,
      });
      continue;
    }
    const problem = options.check?.(parsed.data);
    if (problem) {
      issues.push({ line, message: problem });
      continue;
    }
    seen.set(parsed.data.id, line);
    examples.push(parsed.data);
  }
  if (!issues.length && !examples.length)
    issues.push({ line: 0, message: "the dataset has no examples" });
  if (issues.length) throw new DatasetError(options.name, issues);
  return examples;
}

/** Runs a stepwise parser to the end in one go (small files, bundled datasets, tests). */
export function runToEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Parses JSONL text in one go; see `parseDatasetJsonlSteps`. */
export function parseDatasetJsonl(text: string, options: DatasetParseOptions): DatasetExample[] {
  return runToEnd(parseDatasetJsonlSteps(text, options));
}

/** Parses and validates datasets/index.json; dataset names must be unique. */
export function parseDatasetManifest(
  text: string,
  source = "datasets/index.json",
): DatasetManifestEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DatasetError(source, [
      { line: 0, message: `not valid JSON (${(err as Error).message})` },
    ]);
  }
  const parsed = z.array(DatasetManifestEntrySchema).safeParse(json);
  if (!parsed.success) {
    throw new DatasetError(
      source,
      describeZodError(parsed.error).map((message) => ({ line: 0, message })),
    );
  }
  const names = new Set<string>();
  const issues: DatasetIssue[] = [];
  for (const entry of parsed.data) {
    if (names.has(entry.name))
      issues.push({ line: 0, message: `duplicate dataset name "${entry.name}"` });
    names.add(entry.name);
  }
  if (issues.length) throw new DatasetError(source, issues);
  return parsed.data;
}
