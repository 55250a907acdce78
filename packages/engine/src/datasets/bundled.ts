/**
 * Loading the bundled datasets through an injected file reader, so the engine
 * stays free of file-system code: the server and the CLI pass a reader rooted
 * at the repository's datasets/ folder; tests pass an in-memory map.
 */
import type { DatasetExample, DatasetManifestEntry, Metric } from "@promptune/contracts";
import { parseDatasetJsonl, parseDatasetManifest } from "./parse";

/** A dataset ready for optimisation: its name, metric and validated examples. */
export interface LoadedDataset {
  name: string;
  metric: Metric;
  examples: DatasetExample[];
  /** Human title and description, shown to the reflection and the judge as the task. */
  title?: string;
  description?: string;
  /** What the assistant is for, in the user's words (upload field / CLI `--task`). */
  task?: string;
}

/** A bundled dataset: its manifest entry plus its examples. */
export interface BundledDataset extends LoadedDataset {
  entry: DatasetManifestEntry;
}

/** Reads a file relative to the datasets folder and returns its text. */
export type DatasetFileReader = (relativePath: string) => Promise<string>;

/** Reads `index.json` and every dataset it lists; throws DatasetError on the first invalid file. */
export async function loadBundledDatasets(readFile: DatasetFileReader): Promise<BundledDataset[]> {
  const manifest = parseDatasetManifest(await readFile("index.json"), "index.json");
  const out: BundledDataset[] = [];
  for (const entry of manifest) {
    const examples = parseDatasetJsonl(await readFile(entry.file), { name: entry.file });
    out.push({ entry, name: entry.name, metric: entry.metric, examples });
  }
  return out;
}
