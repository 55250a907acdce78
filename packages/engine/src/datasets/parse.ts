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

/** A dataset or manifest that failed validation; `issues` lists every problem found. */
export class DatasetError extends Error {
  constructor(
    readonly source: string,
    readonly issues: DatasetIssue[],
  ) {
    const shown = issues
      .slice(0, 10)
      .map((i) => (i.line ? `line ${i.line}: ${i.message}` : i.message));
    const more = issues.length > 10 ? `\n  … and ${issues.length - 10} more` : "";
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

/**
 * Parses JSONL text into validated examples. Blank lines and lines starting
 * with `//` are skipped. Throws a DatasetError listing every bad line, any
 * duplicate id, or an empty file.
 */
export function parseDatasetJsonl(text: string, options: { name: string }): DatasetExample[] {
  const issues: DatasetIssue[] = [];
  const examples: DatasetExample[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("//")) return;
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (err) {
      issues.push({ line, message: `not valid JSON (${(err as Error).message})` });
      return;
    }
    const parsed = DatasetExampleSchema.safeParse(json);
    if (!parsed.success) {
      for (const message of describeZodError(parsed.error)) issues.push({ line, message });
      return;
    }
    const previous = seen.get(parsed.data.id);
    if (previous !== undefined) {
      issues.push({
        line,
        message: `duplicate id "${parsed.data.id}" (first on line ${previous})`,
      });
      return;
    }
    seen.set(parsed.data.id, line);
    examples.push(parsed.data);
  });
  if (!issues.length && !examples.length)
    issues.push({ line: 0, message: "the dataset has no examples" });
  if (issues.length) throw new DatasetError(options.name, issues);
  return examples;
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
