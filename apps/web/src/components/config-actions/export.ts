/**
 * Turning a configuration into something to keep (issue 26 §3 item 14): the
 * JSON document of its export and the file it is saved as.
 */

/** A single-agent configuration, or one part of a multi-agent one, as exported. */
export interface ExportedConfiguration {
  /** Where it comes from, e.g. "Iteration 3" or "Initial configuration". */
  label: string;
  prompt: string;
  model_name: string;
  temperature: number;
  /** Validation score in [0, 1] when measured. */
  validation_score?: number;
  run_id?: string;
  dataset_name?: string;
  /** Multi-agent: the whole configuration (coordinator and workers). */
  "master-agent"?: unknown;
  "worker-agents"?: unknown;
}

/** The export's JSON text (two-space indented, trailing newline). */
export function exportText(config: ExportedConfiguration): string {
  return `${JSON.stringify({ exported_by: "Promptune", ...config }, null, 2)}\n`;
}

/** A file name of the export, e.g. "promptune-iteration-3.json". */
export function exportFileName(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `promptune-${slug || "configuration"}.json`;
}

/** Saves text as a file through a temporary object URL. */
export function saveTextFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
