/**
 * Reading `promptune.config.yaml` (or .yml / .json): YAML parsed with
 * positions, validated with PromptuneConfigSchema, and every problem —
 * syntax or schema — reported with its line, all at once (exit 2). Paths
 * in the file are relative to the file.
 */
import { dirname, resolve } from "node:path";
import { type PromptuneConfig, PromptuneConfigSchema } from "@promptune/contracts";
import { isNode, LineCounter, parseDocument } from "yaml";
import { UsageError } from "../args-common";
import { readUserFile } from "../files";

/** A validated config and the folder its relative paths start from. */
export interface LoadedConfig {
  config: PromptuneConfig;
  path: string;
  /** Resolves a path written in the file. */
  resolve: (relative: string) => string;
}

/** The line of the deepest node of `path` present in the document (1 when none). */
function lineOf(
  doc: ReturnType<typeof parseDocument>,
  counter: LineCounter,
  path: PropertyKey[],
): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

/** Parses and validates config text; `source` names the file in messages. */
export function parseConfigText(text: string, source: string): PromptuneConfig {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length) {
    const lines = doc.errors.map((e) => {
      const line = e.linePos?.[0]?.line ?? counter.linePos(e.pos[0]).line;
      return `  line ${line}: ${e.message.split("\n")[0]}`;
    });
    throw new UsageError(`invalid config ${source}:\n${lines.join("\n")}`);
  }
  const parsed = PromptuneConfigSchema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const field = issue.path.length ? `${issue.path.join(".")}: ` : "";
    // an unknown key is reported on its own line, not on its parent's
    const at =
      issue.code === "unrecognized_keys" && issue.keys[0] !== undefined
        ? [...issue.path, issue.keys[0]]
        : issue.path;
    return {
      line: lineOf(doc, counter, at),
      text: `${field}${issue.message}`,
    };
  });
  lines.sort((a, b) => a.line - b.line);
  throw new UsageError(
    `invalid config ${source}:\n${lines.map((l) => `  line ${l.line}: ${l.text}`).join("\n")}`,
  );
}

/** Reads and validates the config file at `path`. */
export async function loadConfig(path: string): Promise<LoadedConfig> {
  const text = await readUserFile(path, "config file");
  const config = parseConfigText(text, path);
  const dir = dirname(resolve(path));
  return { config, path, resolve: (relative) => resolve(dir, relative) };
}
