/**
 * Progress of a running command on stderr: a bar redrawn in place on a
 * terminal, plain lines otherwise (CI logs), or nothing. Results go to stdout.
 */
import type { LlmUsage } from "@promptune/engine";
import type { ProgressMode } from "../args-common";

/** Where the CLI writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stderr is a terminal (the bar is redrawn in place). */
  interactive: boolean;
  /** Width of that terminal; the bar is cut to fit so redrawing never wraps. */
  columns?: number;
}

/** A text progress bar such as `[#####-----] 3/6`. */
export function progressBar(done: number, total: number, width = 24): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`;
}

/** Formats a score in [0, 1] as a percentage with one decimal. */
export function percent(score: number | null): string {
  return score === null ? "n/a" : `${(score * 100).toFixed(1)}%`;
}

/** Calls, tokens and cost, e.g. `37 calls · 12345 tokens · $0.0123`. */
export function usageSummary(u: LlmUsage): string {
  return `${u.calls} calls · ${u.inputTokens + u.outputTokens} tokens · $${u.costUsd.toFixed(4)}`;
}

/** One progress state: `unit` names what is counted ("iteration", "example"). */
export interface ProgressState {
  unit: string;
  done: number;
  total: number;
  usage: LlmUsage;
  /** Extra status, e.g. the best score so far. */
  note?: string;
}

/** The progress text without the bar: `iteration 2/4 · 37 calls · … · best 55.0%`. */
export function progressText(s: ProgressState): string {
  const note = s.note ? ` · ${s.note}` : "";
  return `${s.unit} ${s.done}/${s.total} · ${usageSummary(s.usage)}${note}`;
}

/** Which display to use: the forced mode, else a bar on a terminal and lines otherwise. */
export function resolveProgressMode(
  forced: ProgressMode | undefined,
  io: CliIo,
  json: boolean,
): ProgressMode {
  if (forced) return forced;
  if (json) return "none";
  return io.interactive ? "bar" : "lines";
}

const CLEAR_LINE = "\r\x1b[2K";

/** Shows progress in the chosen mode; `line` prints results without breaking the bar. */
export class Progress {
  private shown = "";
  private lastLineDone = -1;

  constructor(
    private readonly io: CliIo,
    private readonly mode: ProgressMode,
    /** In lines mode, print at most every `lineEvery` steps (and the last). */
    private readonly lineEvery = 1,
  ) {}

  /** Updates the display to `state`. */
  update(state: ProgressState): void {
    if (this.mode === "bar") {
      const text = `${progressBar(state.done, state.total)} ${progressText(state)}`;
      const width = this.io.columns ? Math.max(10, this.io.columns - 1) : Number.POSITIVE_INFINITY;
      this.shown = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      this.io.stderr(`${CLEAR_LINE}${this.shown}`);
      return;
    }
    if (this.mode !== "lines") return;
    const due =
      this.lastLineDone < 0 ||
      state.done === state.total ||
      state.done - this.lastLineDone >= this.lineEvery;
    if (!due || state.done === this.lastLineDone) return;
    this.lastLineDone = state.done;
    this.io.stderr(`${progressText(state)}\n`);
  }

  /** Prints a line to stdout, keeping the bar below it. */
  line(text: string): void {
    if (this.shown) this.io.stderr(CLEAR_LINE);
    this.io.stdout(`${text}\n`);
    if (this.shown) this.io.stderr(this.shown);
  }

  /** Removes the bar. */
  done(): void {
    if (this.shown) this.io.stderr(CLEAR_LINE);
    this.shown = "";
  }
}
