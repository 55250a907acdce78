/**
 * The task the optimised assistant serves, as the reflection and the judge
 * read it: the dataset's title and description, the user's own `task` text
 * (upload field / CLI `--task`) and the initial prompt. The engine's prompts
 * name no domain of their own; everything domain-specific comes from here.
 */
import type { LoadedDataset } from "../datasets/bundled";

/** What is known about the task of a run. */
export interface TaskContext {
  title?: string;
  description?: string;
  task?: string;
  /** The prompt the user started from (multi-agent: the coordinator's). */
  initialPrompt?: string;
}

/** The task context of a run on `dataset` starting from `initialPrompt`. */
export function taskContextOf(dataset: LoadedDataset, initialPrompt: string): TaskContext {
  return {
    title: dataset.title,
    description: dataset.description,
    task: dataset.task,
    initialPrompt,
  };
}

/**
 * Renders the `<task>` section: the user's task text first (it is the most
 * direct statement), then the dataset's title and description, then the
 * initial prompt. Empty parts are left out; with nothing known it says so,
 * so the model infers the task from the examples instead of assuming one.
 */
export function renderTask(context: TaskContext | undefined): string {
  const lines: string[] = [];
  const clean = (s: string | undefined) => s?.replace(/\s+/g, " ").trim() ?? "";
  if (clean(context?.task)) lines.push(`Task: ${clean(context?.task)}`);
  if (clean(context?.title)) lines.push(`Dataset: ${clean(context?.title)}`);
  if (clean(context?.description))
    lines.push(`Dataset description: ${clean(context?.description)}`);
  if (clean(context?.initialPrompt))
    lines.push(`Initial prompt given by the user: ${clean(context?.initialPrompt)}`);
  if (lines.length === 0) lines.push("No description was given; infer the task from the examples.");
  return ["<task>", ...lines, "</task>"].join("\n");
}
