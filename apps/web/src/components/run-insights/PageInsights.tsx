/** The run insights section wired to each optimizer page's run state. */
import { useMultiRunStore } from "../../stores/multi-run";
import { useSingleRunStore } from "../../stores/single-run";
import { RunInsights } from "./RunInsights";
import { useMultiRunId, useSingleRunId } from "./verdict";

/** Run insights of the single-agent page's run (live once stored, or loaded from history). */
export function SingleRunInsights() {
  const runId = useSingleRunId();
  const version = useSingleRunStore((s) => s.iterationResults.length + (s.isOptimized ? 1000 : 0));
  const select = useSingleRunStore((s) => s.select);
  return (
    <RunInsights
      runId={runId}
      version={version}
      onSelectIteration={(iteration) => iteration > 0 && select(iteration - 1)}
    />
  );
}

/** Run insights of the multi-agent page's run. */
export function MultiRunInsights() {
  const runId = useMultiRunId();
  const version = useMultiRunStore(
    (s) => s.multiAgentIterationResults.length + (s.multiAgentIsOptimized ? 1000 : 0),
  );
  const select = useMultiRunStore((s) => s.selectIteration);
  return (
    <RunInsights
      runId={runId}
      version={version}
      onSelectIteration={(iteration) => iteration > 0 && select(iteration - 1)}
    />
  );
}
