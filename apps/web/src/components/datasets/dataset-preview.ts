/**
 * What an upload will contain, read in the browser before it is sent
 * (issue 26 §3 item 15): the first rows of a JSONL or CSV file as message,
 * reference and expected answer, with the plain `question,answer` CSV read
 * as the server reads it. Also the downloadable templates of both formats.
 */

/** One previewed example. */
export interface PreviewRow {
  /** The last user message of the conversation. */
  message: string;
  /** Turns in the conversation (1 for a single question). */
  turns: number;
  reference: string;
  expected?: string;
}

/** The preview of a file: its first rows, or why a row cannot be read. */
export interface DatasetPreview {
  rows: PreviewRow[];
  error?: string;
}

/** Rows the upload dialog shows. */
export const PREVIEW_ROWS = 5;

/** Splits CSV text into records of fields (RFC 4180 quoting), stopping after `limit` records. */
export function csvRecords(text: string, limit: number): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  const push = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== "")) records.push(fields);
    fields = [];
    field = "";
  };
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      push();
    } else field += ch;
  }
  if (records.length < limit && (field !== "" || fields.length)) push();
  return records;
}

interface DialogTurn {
  type?: unknown;
  content?: unknown;
}

function rowOfDialog(dialog: unknown, reference: string, expected?: string): PreviewRow | string {
  if (!Array.isArray(dialog) || dialog.length === 0) return "the conversation is missing";
  const last = dialog[dialog.length - 1] as DialogTurn;
  if (last?.type !== "human" || typeof last.content !== "string")
    return "the conversation must end with a user message";
  return {
    message: last.content,
    turns: dialog.length,
    reference,
    ...(expected ? { expected } : {}),
  };
}

function previewJsonl(text: string): DatasetPreview {
  const rows: PreviewRow[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (rows.length >= PREVIEW_ROWS) break;
    if (!line.trim()) continue;
    let value: { dialog?: unknown; reference?: unknown; expected?: unknown };
    try {
      value = JSON.parse(line);
    } catch {
      return { rows, error: `Line ${i + 1} is not valid JSON.` };
    }
    const reference = typeof value.reference === "string" ? value.reference : "";
    const expected = typeof value.expected === "string" ? value.expected : undefined;
    const row = rowOfDialog(value.dialog, reference, expected);
    if (typeof row === "string") return { rows, error: `Line ${i + 1}: ${row}.` };
    rows.push(row);
  }
  return { rows };
}

function previewCsv(text: string): DatasetPreview {
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, ""), PREVIEW_ROWS + 1);
  if (!header) return { rows: [], error: "The file is empty." };
  const names = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  // The same aliases as the server: question → input, answer → reference and expected.
  const dialog = at("dialog");
  const input = at("input") >= 0 ? at("input") : dialog < 0 ? at("question") : -1;
  const reference = at("reference") >= 0 ? at("reference") : at("answer");
  const expected = at("expected") >= 0 ? at("expected") : at("reference") < 0 ? at("answer") : -1;
  if (reference < 0 || (input < 0 && dialog < 0))
    return {
      rows: [],
      error: "The header must name input (or dialog) and reference columns, or be question,answer.",
    };
  const rows: PreviewRow[] = [];
  for (const [i, record] of records.entries()) {
    const get = (index: number) => (index >= 0 ? (record[index] ?? "").trim() : "");
    let turns: unknown = [{ type: "human", content: get(input) }];
    if (dialog >= 0 && get(dialog)) {
      try {
        turns = JSON.parse(get(dialog));
      } catch {
        return { rows, error: `Row ${i + 2}: the dialog is not valid JSON.` };
      }
    }
    const row = rowOfDialog(turns, get(reference), get(expected) || undefined);
    if (typeof row === "string") return { rows, error: `Row ${i + 2}: ${row}.` };
    rows.push(row);
  }
  return { rows };
}

/** The first rows of a file's text in the given format. */
export function previewDataset(format: "jsonl" | "csv", text: string): DatasetPreview {
  return format === "csv" ? previewCsv(text) : previewJsonl(text);
}

const TEMPLATE_EXAMPLES = [
  {
    id: "greeting",
    dialog: [{ type: "human", content: "Hi! Do you ship to Canada?" }],
    reference: "Yes, we ship to Canada; delivery takes 5–7 business days.",
    rubric: ["says yes", "gives the delivery time"],
  },
  {
    id: "follow-up",
    dialog: [
      { type: "human", content: "I ordered a lamp last week." },
      { type: "ai", content: "Thanks! How can I help with your order?" },
      { type: "human", content: "It arrived broken. What now?" },
    ],
    reference: "Sorry about that! Reply with a photo and your order number and we send a new one.",
    rubric: ["apologises", "asks for a photo and the order number"],
  },
];

/** The JSONL template: one example per line (conversation, reference, rubric). */
export function jsonlTemplate(): string {
  return `${TEMPLATE_EXAMPLES.map((e) => JSON.stringify(e)).join("\n")}\n`;
}

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** The CSV template: input, reference and rubric items separated by '|'. */
export function csvTemplate(): string {
  const rows = TEMPLATE_EXAMPLES.filter((e) => e.dialog.length === 1).map((e) =>
    [e.id, e.dialog[0]?.content ?? "", e.reference, e.rubric.join(" | ")].map(quote).join(","),
  );
  return [
    "id,input,reference,rubric",
    ...rows,
    `${quote("refund")},${quote("How long do refunds take?")},${quote("Refunds reach your card within 10 days.")},${quote("names 10 days")}`,
    "",
  ].join("\n");
}
