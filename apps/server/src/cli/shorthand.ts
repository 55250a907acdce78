/**
 * The JSONL shorthand a new team writes first — `{"input": "2+3",
 * "expected": "5"}` — turned into the full example format before
 * validation: `input` becomes a one-turn dialog, a missing `reference`
 * takes `expected`, a missing `id` becomes `line-N`. Line numbers are kept,
 * so every validation problem still names its line. Give ids to keep the
 * held-out split stable when lines are inserted (it is keyed by the ids).
 */

/** Expands shorthand lines of JSONL text; other lines are left exactly as they are. */
export function expandJsonlShorthand(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line, index) => {
      const trimmed = line.trim();
      if (!trimmed.startsWith("{")) return line;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch {
        return line;
      }
      if (!value || typeof value !== "object" || Array.isArray(value)) return line;
      const example = { ...(value as Record<string, unknown>) };
      let changed = false;
      if (example.dialog === undefined && typeof example.input === "string") {
        example.dialog = [{ type: "human", content: example.input }];
        delete example.input;
        changed = true;
      }
      if (example.reference === undefined && typeof example.expected === "string") {
        example.reference = example.expected;
        changed = true;
      }
      if (example.id === undefined && changed) {
        example.id = `line-${index + 1}`;
      }
      return changed ? JSON.stringify(example) : line;
    })
    .join("\n");
}
