/** `promptune datasets` (list the bundled ones) and `promptune datasets validate FILE`. */
import type { ValidateArgs } from "../args";
import { type DatasetLocation, loadBundled, loadDatasetFile } from "../dataset-source";
import { EXIT } from "../exit-codes";
import type { CliIo } from "../reporters/progress";

/** Lists the bundled datasets, one per line (JSON lines with --json). */
export async function listDatasets(json: boolean, io: CliIo, location: DatasetLocation) {
  for (const d of await loadBundled(location)) {
    const row = {
      name: d.name,
      title: d.entry.title,
      metric: d.metric,
      size: d.examples.length,
      description: d.entry.description,
    };
    io.stdout(
      json
        ? `${JSON.stringify(row)}\n`
        : `${d.name.padEnd(22)} ${String(d.examples.length).padStart(4)} examples  ${d.metric.padEnd(8)} ${d.entry.title}\n`,
    );
  }
  return EXIT.ok;
}

/**
 * Checks a dataset file as an upload would be checked, without calling any
 * model; problems are thrown (exit 2) with their line numbers.
 */
export async function validateDataset(args: ValidateArgs, io: CliIo): Promise<number> {
  const { ref } = await loadDatasetFile(args.file, args.metric);
  io.stdout(
    args.json
      ? `${JSON.stringify({ valid: true, file: args.file, ...ref })}\n`
      : `${args.file}: valid, ${ref.size} examples (metric ${ref.metric})\n`,
  );
  return EXIT.ok;
}
