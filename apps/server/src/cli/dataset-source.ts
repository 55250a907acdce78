/**
 * The dataset a command runs on: a bundled one by name, or a local JSONL/CSV
 * file validated exactly like an upload (the server's validateDatasetText).
 */
import { basename, extname, join } from "node:path";
import type { CliDatasetRef, Metric } from "@promptune/contracts";
import { type LoadedDataset, loadBundledDatasets } from "@promptune/engine";
import { findDatasetsDir } from "../datasets/location";
import { type DatasetFormat, validateDatasetText } from "../datasets/validate";
import { type DatasetChoice, UsageError } from "./args-common";
import { readUserFile } from "./files";

/** A loaded dataset and how the CLI's reports name it. */
export interface CliDataset {
  dataset: LoadedDataset;
  ref: CliDatasetRef;
}

/** Where bundled datasets are read from. */
export interface DatasetLocation {
  /** Folder holding index.json; default: found from this module or DATASETS_DIR. */
  datasetsDir?: string;
  env: Record<string, string | undefined>;
}

/** The format of a dataset file, from its extension. */
export function datasetFormat(path: string): DatasetFormat {
  const ext = extname(path).toLowerCase();
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  if (ext === ".csv") return "csv";
  throw new UsageError(`${path}: a dataset file must end in .jsonl or .csv`);
}

/**
 * Reads and validates a dataset file. Its name (which fixes the held-out
 * split) is the file name without extension, so `optimize` and `eval` on the
 * same file agree on which examples are held out.
 */
export async function loadDatasetFile(path: string, metric: Metric): Promise<CliDataset> {
  const format = datasetFormat(path);
  const content = await readUserFile(path, "dataset file");
  const examples = await validateDatasetText({ format, content, source: path, metric });
  const name = basename(path, extname(path));
  return {
    dataset: { name, metric, examples },
    ref: { name, source: "file", metric, size: examples.length },
  };
}

/** Loads the bundled datasets; a missing or unreadable folder is a usage error. */
export function loadBundled(location: DatasetLocation) {
  let dir: string;
  try {
    dir = location.datasetsDir ?? findDatasetsDir(location.env.DATASETS_DIR);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return loadBundledDatasets((file) => readUserFile(join(dir, file), "bundled dataset"));
}

/** Loads the dataset a command chose; unknown names and bad files are usage errors. */
export async function loadDataset(
  choice: DatasetChoice,
  location: DatasetLocation,
): Promise<CliDataset> {
  if (choice.kind === "file") return loadDatasetFile(choice.path, choice.metric);
  const all = await loadBundled(location);
  const found = all.find((d) => d.name === choice.name);
  if (!found) {
    throw new UsageError(
      `unknown dataset "${choice.name}"; bundled: ${all.map((d) => d.name).join(", ")} (or use --dataset-file)`,
    );
  }
  return {
    dataset: { name: found.name, metric: found.metric, examples: found.examples },
    ref: { name: found.name, source: "bundled", metric: found.metric, size: found.examples.length },
  };
}
