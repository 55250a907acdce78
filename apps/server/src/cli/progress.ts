/** Terminal output of the CLI: a progress bar and one line per iteration. */

/** Where the CLI writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stderr is a terminal (the bar is redrawn in place). */
  interactive: boolean;
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

/**
 * Shows progress: on a terminal a bar redrawn in place on stderr (lines go to
 * stdout above it); otherwise plain progress lines on stderr.
 */
export class Progress {
  private bar = "";

  constructor(
    private readonly io: CliIo,
    private readonly total: number,
  ) {}

  /** Updates the bar to `done` steps with a status text. */
  update(done: number, status: string): void {
    this.bar = `${progressBar(done, this.total)} ${status}`;
    if (this.io.interactive) this.io.stderr(`\r\x1b[2K${this.bar}`);
    else this.io.stderr(`${this.bar}\n`);
  }

  /** Prints a line to stdout without breaking the bar. */
  line(text: string): void {
    if (this.io.interactive && this.bar) this.io.stderr("\r\x1b[2K");
    this.io.stdout(`${text}\n`);
    if (this.io.interactive && this.bar) this.io.stderr(this.bar);
  }

  /** Removes the bar. */
  done(): void {
    if (this.io.interactive && this.bar) this.io.stderr("\r\x1b[2K");
    this.bar = "";
  }
}
