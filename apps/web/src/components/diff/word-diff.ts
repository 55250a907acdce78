/**
 * Word-level prompt diffs (issue 16 §2): what an optimised configuration
 * changed against the initial one, computed with the `diff` library and
 * counted in words so the UI can say "+12 words, −3 words".
 */
import { diffWords } from "diff";

/** One run of text that is unchanged, added or removed. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** The parts of a diff and how many words were added and removed. */
export interface WordDiff {
  parts: DiffPart[];
  added: number;
  removed: number;
}

/** Number of whitespace-separated words in a text. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Word diff of `after` against `before` (whitespace changes alone are not reported). */
export function wordDiff(before: string, after: string): WordDiff {
  const parts: DiffPart[] = [];
  let added = 0;
  let removed = 0;
  for (const change of diffWords(before, after)) {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    if (kind === "added") added += countWords(change.value);
    if (kind === "removed") removed += countWords(change.value);
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += change.value;
    else parts.push({ kind, text: change.value });
  }
  return { parts, added, removed };
}

/** One labelled pair of texts to diff (a prompt or an agent's description). */
export interface DiffEntry {
  label: string;
  before: string;
  after: string;
}

/** An agent as the diff sees it. */
export interface DiffAgent {
  name: string;
  prompt: string;
  description?: string | undefined;
}

/** A whole multi-agent configuration: coordinator and workers. */
export interface DiffTeam {
  "master-agent": DiffAgent;
  "worker-agents": readonly DiffAgent[];
}

/**
 * Entries comparing two multi-agent configurations: the coordinator's prompt
 * and description, then each worker's (paired by position; a worker present
 * on one side only is diffed against an empty text).
 */
export function teamDiffEntries(initial: DiffTeam, optimised: DiffTeam): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const add = (who: string, a: DiffAgent | undefined, b: DiffAgent | undefined) => {
    entries.push({ label: `${who} — prompt`, before: a?.prompt ?? "", after: b?.prompt ?? "" });
    entries.push({
      label: `${who} — description`,
      before: a?.description ?? "",
      after: b?.description ?? "",
    });
  };
  add("Coordinator", initial["master-agent"], optimised["master-agent"]);
  const count = Math.max(initial["worker-agents"].length, optimised["worker-agents"].length);
  for (let i = 0; i < count; i++) {
    const a = initial["worker-agents"][i];
    const b = optimised["worker-agents"][i];
    add(b?.name || a?.name || `Worker ${i + 1}`, a, b);
  }
  return entries;
}
