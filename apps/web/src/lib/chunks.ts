import { LAYOUT } from "@promptune/contracts";

/** The error a lazily loaded script chunk raises when it fails or times out (spec §8). */
export class ChunkLoadError extends Error {
  constructor(chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = "ChunkLoadError";
  }
}

/**
 * Loads a route chunk with the spec's 120 s timeout, turning any failure into
 * ChunkLoadError('Loading chunk {n} failed') so the error screen can show it.
 */
export function loadChunk<T>(
  name: string,
  load: () => Promise<T>,
  timeoutMs: number = LAYOUT.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(name, new Error("timeout"))),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(name, error));
      },
    );
  });
}
