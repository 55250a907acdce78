/** Lazy entry points of the onboarding tours (each loads driver.js on first use). */
import { loadChunk } from "../lib/chunks";

/** Loads and starts the single-agent optimizer tour. */
export async function openSingleAgentTour(): Promise<void> {
  const { startSingleAgentTour } = await loadChunk(
    "tour-single-agent",
    () => import("./single-agent-tour"),
  );
  startSingleAgentTour();
}
