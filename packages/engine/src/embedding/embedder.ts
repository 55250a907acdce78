/**
 * Embedding candidates: the provider's embeddings when the port has them and
 * they work, otherwise the local vectoriser. The choice is made once at run
 * start and kept for the whole run (vectors of different spaces cannot share
 * a projection).
 */
import { isTransientLlmFailure, type LlmPort } from "../ports";
import { isAbortError } from "../util/abort";
import { localEmbed } from "./vectorise";

/** Where a run's embeddings come from. */
export type EmbeddingSource = "provider" | "local";

/** Attempts of a provider embedding that fails transiently (after the port's own retries). */
const EMBED_ATTEMPTS = 3;

/** Embeds one text with the run's chosen source; a transient provider failure is tried again. */
export async function embedText(
  llm: LlmPort,
  source: EmbeddingSource,
  text: string,
  signal?: AbortSignal,
): Promise<number[]> {
  if (source === "local" || !llm.embed) return localEmbed(text);
  const embed = llm.embed.bind(llm);
  let result: Awaited<ReturnType<typeof embed>> | undefined;
  for (let attempt = 1; !result; attempt++) {
    try {
      result = await embed({ texts: [text], signal });
    } catch (err) {
      if (attempt >= EMBED_ATTEMPTS || signal?.aborted || !isTransientLlmFailure(err)) throw err;
    }
  }
  const { vectors } = result;
  const v = vectors[0];
  if (!v?.length) throw new Error("the embedding provider returned no vector");
  return v;
}

/**
 * Embeds the run's first text, choosing the source: the provider if the port
 * has `embed` and the call succeeds, else local. Cancellation is rethrown.
 */
export async function chooseEmbeddingSource(
  llm: LlmPort,
  text: string,
  signal?: AbortSignal,
): Promise<{ source: EmbeddingSource; vector: number[] }> {
  if (llm.embed) {
    try {
      return { source: "provider", vector: await embedText(llm, "provider", text, signal) };
    } catch (err) {
      if (isAbortError(err) || signal?.aborted) throw err;
    }
  }
  return { source: "local", vector: localEmbed(text) };
}
