import { type DatasetExample, DatasetExampleSchema } from "@promptune/contracts";
import {
  DatasetError,
  type DatasetIssue,
  type DatasetParseOptions,
  MAX_DATASET_ISSUES,
  runToEnd,
} from "@promptune/engine";

/** A parsed CSV record with the 1-based line it starts on. */
interface CsvRecord {
  line: number;
  fields: string[];
}

/** Characters scanned between two pauses of the stepwise CSV parser. */
const CHARS_PER_STEP = 20_000;
/** Records validated between two pauses. */
const RECORDS_PER_STEP = 50;

/** Splits RFC 4180 CSV text into records (quoted fields may hold commas, quotes and newlines). */
export function parseCsvRecords(text: string): CsvRecord[] {
  return runToEnd(csvRecordSteps(text));
}

/** `parseCsvRecords`, pausing (`yield`) every CHARS_PER_STEP characters. */
function* csvRecordSteps(text: string): Generator<void, CsvRecord[], void> {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    if (i % CHARS_PER_STEP === CHARS_PER_STEP - 1) yield;
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== "")) records.push({ line: recordLine, fields });
      fields = [];
      field = "";
      line++;
      recordLine = line;
    } else field += ch;
  }
  fields.push(field);
  if (fields.some((f) => f.trim() !== "")) records.push({ line: recordLine, fields });
  return records;
}

/** Converts CSV text into validated examples in one go; see `parseDatasetCsvSteps`. */
export function parseDatasetCsv(text: string, options: DatasetParseOptions): DatasetExample[] {
  return runToEnd(parseDatasetCsvSteps(text, options));
}

/**
 * Converts CSV text into validated examples, pausing (`yield`) between slices
 * so a caller can keep the server responsive. Columns (header row, any order):
 * `reference` (required), `input` (one user message) or `dialog` (a JSON array
 * of {type, content}), `rubric` (items separated by `|`), optional `id`,
 * `domain`, `expected`. Errors carry the CSV line number.
 */
export function* parseDatasetCsvSteps(
  text: string,
  options: DatasetParseOptions,
): Generator<void, DatasetExample[], void> {
  const source = options.name;
  const records = yield* csvRecordSteps(text.replace(/^\uFEFF/, ""));
  const header = records.shift();
  if (!header) throw new DatasetError(source, [{ line: 0, message: "the file is empty" }]);
  const columns = header.fields.map((h) => h.trim().toLowerCase());
  const col = (name: string) => columns.indexOf(name);
  const missing: string[] = [];
  if (col("reference") < 0) missing.push("reference");
  if (col("input") < 0 && col("dialog") < 0) missing.push("input or dialog");
  if (missing.length) {
    throw new DatasetError(source, [
      { line: 1, message: `the header must name the column(s): ${missing.join(", ")}` },
    ]);
  }
  const issues: DatasetIssue[] = [];
  const examples: DatasetExample[] = [];
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    if (issues.length >= MAX_DATASET_ISSUES) break;
    if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const get = (name: string) => {
      const i = col(name);
      return i >= 0 ? (record.fields[i] ?? "").trim() : "";
    };
    let dialog: unknown = [{ type: "human", content: get("input") }];
    const hasDialog = col("dialog") >= 0 && get("dialog") !== "";
    if (!hasDialog && !get("input")) {
      issues.push({ line: record.line, message: "input: the message is empty" });
      continue;
    }
    if (hasDialog) {
      try {
        dialog = JSON.parse(get("dialog"));
      } catch {
        issues.push({ line: record.line, message: "dialog: not a JSON array of {type, content}" });
        continue;
      }
    }
    const candidate = {
      id: get("id") || `row-${record.line}`,
      ...(get("domain") ? { domain: get("domain") } : {}),
      dialog,
      reference: get("reference"),
      rubric: get("rubric")
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean),
      ...(get("expected") ? { expected: get("expected") } : {}),
    };
    const parsed = DatasetExampleSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join(".");
        issues.push({
          line: record.line,
          message: path ? `${path}: ${issue.message}` : issue.message,
        });
      }
      continue;
    }
    if (seen.has(parsed.data.id)) {
      issues.push({ line: record.line, message: `duplicate id "${parsed.data.id}"` });
      continue;
    }
    const problem = options.check?.(parsed.data);
    if (problem) {
      issues.push({ line: record.line, message: problem });
      continue;
    }
    seen.add(parsed.data.id);
    examples.push(parsed.data);
  }
  if (issues.length) throw new DatasetError(source, issues);
  return examples;
}
