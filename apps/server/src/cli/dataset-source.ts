/**
 * The dataset a command runs on: a bundled one by name, or a local JSONL/CSV
 * file validated exactly like an upload (the server's validateDatasetText).
 */
import { basename, extname, join } from "node:path";
import type { CliDatasetRef, Metric } from "@promptune/contracts";
import {
  type DatasetSplit,
  type LoadedDataset,
  loadBundledDatasets,
  splitDataset,
} from "@promptune/engine";
import { findDatasetsDir } from "../datasets/location";
import { type DatasetFormat, validateDatasetText } from "../datasets/validate";
import { type DatasetChoice, UsageError } from "./args-common";
import { readUserFile } from "./files";
import { expandJsonlShorthand } from "./shorthand";

/** A loaded dataset and how the CLI's reports name it. */
export interface CliDataset {
  dataset: LoadedDataset;
  ref: CliDatasetRef;
  /**
   * What seeds the train / validation / held-out split. A file's split
   * depends on its example ids only (FILE_SPLIT_KEY), so renaming or moving
   * the file keeps the same held-out examples; a bundled dataset keeps its
   * name, as the server splits it.
   */
  splitKey: string;
}

/** Split seed of every dataset file: the split is a function of the example ids alone. */
export const FILE_SPLIT_KEY = "promptune-file";

/** The dataset's train / validation / held-out split, as both `optimize` and `eval` use it. */
export function cliSplit(source: CliDataset): DatasetSplit {
  return splitDataset(source.splitKey, source.dataset.examples);
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
 * Reads and validates a dataset file. Its name is the file name without
 * extension; its split depends on the example ids only (see CliDataset).
 */
export async function loadDatasetFile(path: string, metric: Metric): Promise<CliDataset> {
  const format = datasetFormat(path);
  const raw = await readUserFile(path, "dataset file");
  const content = format === "jsonl" ? expandJsonlShorthand(raw) : raw;
  const examples = await validateDatasetText({ format, content, source: path, metric });
  const name = basename(path, extname(path));
  return {
    dataset: { name, metric, examples },
    ref: { name, source: "file", metric, size: examples.length },
    splitKey: FILE_SPLIT_KEY,
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
  if (choice.kind === "config")
    throw new Error("the --config file's dataset must be resolved before loading");
  if (choice.kind === "file") return loadDatasetFile(choice.path, choice.metric);
  const all = await loadBundled(location);
  const found = all.find((d) => d.name === choice.name);
  if (!found) {
    throw new UsageError(
      `unknown dataset "${choice.name}"; bundled: ${all.map((d) => d.name).join(", ")} (or use --dataset-file)`,
    );
  }
  return {
    dataset: {
      name: found.name,
      metric: found.metric,
      examples: found.examples,
      title: found.entry.title,
      description: found.entry.description,
    },
    ref: { name: found.name, source: "bundled", metric: found.metric, size: found.examples.length },
    splitKey: found.name,
  };
}
