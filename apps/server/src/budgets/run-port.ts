/**
 * A run's port to the gateway: its owner's (budget and fair share of slots),
 * watched for the budget refusal that stops the run early, and the notice
 * the run then ends with.
 */
import type { LlmPort } from "@promptune/engine";
import { BudgetSpentError } from "./errors";

/**
 * The run owner's port, which remembers the first budget refusal: the engine
 * takes it as its own budget running out and finishes with what it has, and
 * the run then says why it stopped early.
 */
export function ownersPort(llm: { forUser(userId: string): LlmPort }, userId: string) {
  const port = llm.forUser(userId);
  const seen: { refusal?: BudgetSpentError } = {};
  const watch = <T>(call: () => Promise<T>): Promise<T> =>
    call().catch((error: unknown) => {
      if (error instanceof BudgetSpentError) seen.refusal ??= error;
      throw error;
    });
  const watched: LlmPort = {
    complete: (request) => watch(() => port.complete(request)),
    completeStructured: (request) => watch(() => port.completeStructured(request)),
  };
  const embed = port.embed?.bind(port);
  if (embed) watched.embed = (request) => watch(() => embed(request));
  return { port: watched, seen };
}

/** What a run that its owner's budget stopped early tells its socket and history. */
export function budgetStopNotice(refusal: BudgetSpentError): string {
  return `Stopped early: ${refusal.message} The best prompt found before that is shown.`;
}
