/**
 * CLI entry of the test model host for e2e, which starts it as a child
 * process: serves MODEL_HOST_FILE on MODEL_HOST_PORT in MODEL_HOST_MODE
 * (normal, stall or silent) with MODEL_HOST_CHUNK_BYTES every
 * MODEL_HOST_CHUNK_DELAY_MS, and prints `MODEL_HOST_URL=<model url>`.
 */
import { type ModelHostMode, startModelHost } from "./index";

const file = process.env.MODEL_HOST_FILE;
if (!file) throw new Error("MODEL_HOST_FILE must name the GGUF file to serve");
const host = await startModelHost({
  file,
  port: Number(process.env.MODEL_HOST_PORT ?? 0),
  mode: (process.env.MODEL_HOST_MODE ?? "normal") as ModelHostMode,
  chunkBytes: Number(process.env.MODEL_HOST_CHUNK_BYTES ?? 64 * 1024),
  chunkDelayMs: Number(process.env.MODEL_HOST_CHUNK_DELAY_MS ?? 0),
});
process.stdout.write(`MODEL_HOST_URL=${host.modelUrl}\n`);

const stop = () => {
  void host.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
