/**
 * Keeps the frontier point a user chose with the run on the server, so the
 * history, 'Load to integration' and the run opened in another tab or on
 * another device come back to it. Saves go out one after another, so a
 * quick second choice cannot be overtaken by the first; a failed save
 * leaves the choice on this page and says so.
 */
import { notifications } from "@mantine/notifications";
import { saveFrontierChoice } from "../../api/history";

/** Shown when the server did not take the choice (the page still uses it). */
export const FRONTIER_CHOICE_NOT_SAVED =
  "Your choice of configuration could not be saved; it applies on this page until you leave it.";

let queue: Promise<unknown> = Promise.resolve();

/** Saves `index` as run `runId`'s chosen frontier point (nothing without a run id). */
export function persistFrontierChoice(
  runId: string | null | undefined,
  index: number,
): Promise<void> {
  if (!runId) return Promise.resolve();
  const save = queue.then(() => saveFrontierChoice(runId, index));
  queue = save.catch(() => undefined);
  return save.then(
    () => undefined,
    (error: unknown) => {
      console.error("Saving the frontier choice failed", error);
      notifications.show({ color: "red", message: FRONTIER_CHOICE_NOT_SAVED });
    },
  );
}
