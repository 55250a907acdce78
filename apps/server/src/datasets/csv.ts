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

/**
 * Splits RFC 4180 CSV text into records (quoted fields may hold commas,
 * quotes and newlines). A quote that is never closed is reported as such,
 * with the line it opened on, rather than swallowing the rest of the file.
 */
export function parseCsvRecords(text: string, source = "CSV"): CsvRecord[] {
  return runToEnd(csvRecordSteps(text, source));
}

/** `parseCsvRecords`, pausing (`yield`) every CHARS_PER_STEP characters. */
function* csvRecordSteps(text: string, source: string): Generator<void, CsvRecord[], void> {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
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
    if (ch === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (ch === ",") {
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
  if (quoted) {
    throw new DatasetError(source, [
      {
        line: quoteLine,
        message: `unterminated quoted field: the quote opened on line ${quoteLine} is never closed (write a quote inside a field as "")`,
      },
    ]);
  }
  fields.push(field);
  if (fields.some((f) => f.trim() !== "")) records.push({ line: recordLine, fields });
  return records;
}

/**
 * Where each of the dataset's columns sits in the header, with the plain
 * question-and-answer names mapped onto the dataset's own: `question` is the
 * user message (`input`) and `answer` the reference reply and the expected
 * answer of the deterministic metrics. A column of the dataset's own name
 * always wins over its plain alias.
 */
export function columnIndex(header: string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const question = index.get("question");
  const answer = index.get("answer");
  if (question !== undefined && !index.has("input") && !index.has("dialog"))
    index.set("input", question);
  if (answer !== undefined && !index.has("reference")) {
    index.set("reference", answer);
    if (!index.has("expected")) index.set("expected", answer);
  }
  return index;
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
 * `domain`, `expected`. A plain `question,answer` file is accepted too: each
 * row becomes a one-turn dialog whose reference and expected answer are the
 * answer. Errors carry the CSV line number.
 */
export function* parseDatasetCsvSteps(
  text: string,
  options: DatasetParseOptions,
): Generator<void, DatasetExample[], void> {
  const source = options.name;
  const records = yield* csvRecordSteps(text.replace(/^\uFEFF/, ""), source);
  const header = records.shift();
  if (!header) throw new DatasetError(source, [{ line: 0, message: "the file is empty" }]);
  const columns = columnIndex(header.fields.map((h) => h.trim().toLowerCase()));
  const col = (name: string) => columns.get(name) ?? -1;
  const missing: string[] = [];
  if (col("reference") < 0) missing.push("reference");
  if (col("input") < 0 && col("dialog") < 0) missing.push("input or dialog");
  if (missing.length) {
    throw new DatasetError(source, [
      {
        line: 1,
        message: `the header must name the column(s): ${missing.join(", ")} (or be a plain question,answer header)`,
      },
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
