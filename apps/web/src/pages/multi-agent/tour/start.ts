import { loadChunk } from "../../../lib/chunks";

/** Loads the tour (and driver.js) on first use and starts it ('Learn More'). */
export async function startMultiAgentTour(): Promise<void> {
  const { startMultiAgentTourNow } = await loadChunk(
    "tour-multi-agent",
    () => import("./multi-agent-tour"),
  );
  startMultiAgentTourNow();
}
