/**
 * Runs on several datasets at once (issue 25, item 2): a run names its
 * primary dataset and up to three more (`extra_datasets`), say the Feedback
 * dataset built from ratings next to an uploaded one. They are merged into
 * one evaluation set before the optimiser splits it, so the split, the
 * estimate and the held-out test cover every source.
 */
import { MAX_DATASET_ROWS } from "@promptune/contracts";
import type { LoadedDataset } from "@promptune/engine";
import { badRequest } from "../errors";

/**
 * Merges `datasets` (the primary first) into one. Example ids are prefixed
 * with their dataset's name so they stay unique, and an example without a
 * `domain` takes its dataset's name as one, so the split keeps every source
 * in proportion in train, validation and held-out, and the optimiser's
 * stratified minibatches draw from every source. Refuses datasets of different metrics
 * (their scores mean different things) and a merge above the row limit.
 */
export function mergeDatasets(datasets: readonly LoadedDataset[]): LoadedDataset {
  const [primary, ...extras] = datasets;
  if (!primary) throw badRequest("A run needs a dataset.");
  if (extras.length === 0) return primary;
  const other = extras.find((d) => d.metric !== primary.metric);
  if (other) {
    throw badRequest(
      `All datasets of a run must use the same metric: "${primary.name}" uses ${primary.metric}, "${other.name}" uses ${other.metric}.`,
    );
  }
  const examples = datasets.flatMap((d) =>
    d.examples.map((e) => ({ ...e, id: `${d.name}/${e.id}`, domain: e.domain ?? d.name })),
  );
  if (examples.length > MAX_DATASET_ROWS) {
    throw badRequest(
      `The datasets of a run may hold at most ${MAX_DATASET_ROWS.toLocaleString("en-US")} examples together (these hold ${examples.length.toLocaleString("en-US")}).`,
    );
  }
  const tasks = [...new Set(datasets.map((d) => d.task).filter((t): t is string => !!t))];
  const descriptions = datasets.map((d) => d.description).filter((t): t is string => !!t);
  return {
    name: datasets.map((d) => d.name).join("+"),
    metric: primary.metric,
    examples,
    title: datasets.map((d) => d.title || d.name).join(" + "),
    ...(descriptions.length ? { description: descriptions.join(" ") } : {}),
    ...(tasks.length ? { task: tasks.join("\n") } : {}),
  };
}

/** The run's dataset names, primary first: `dataset_name` then `extra_datasets`, refusing a repeat of the primary. */
export function runDatasetNames(request: {
  dataset_name: string;
  extra_datasets?: readonly string[] | undefined;
}): string[] {
  const extras = request.extra_datasets ?? [];
  if (extras.includes(request.dataset_name)) {
    throw badRequest(`extra_datasets repeats the run's dataset "${request.dataset_name}".`);
  }
  return [request.dataset_name, ...extras];
}
