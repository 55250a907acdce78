import { ChatComparison } from "../../components/chat";
import { DeployToAfterBot } from "../../components/config-actions/DeployToAfterBot";
import { FrontierSection } from "../../components/frontier/FrontierSection";
import { SingleRunInsights } from "../../components/run-insights";
import { useAuthStore } from "../../stores/auth";
import { useSingleRunStore } from "../../stores/single-run";
import { singleChatMode } from "./chat-mode";
import { EvaluationView } from "./EvaluationView";
import { singleFrontierMode } from "./frontier-mode";
import { PromptChanges } from "./PromptChanges";
import { SingleGraphs } from "./SingleGraphs";

/**
 * Everything below the configure section of the single-agent page:
 * evaluation carousel, graphs and the before/after chats. A chunk of its
 * own, loaded after the first paint.
 */
export default function SingleResultsSections({ progress }: { progress: number }) {
  const runId = useSingleRunStore((s) => s.summary?.runId);
  const finished = useSingleRunStore((s) => s.isOptimized && !s.isOptimizing);
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const deployable = finished && signedIn && runId;
  return (
    <>
      <EvaluationView />
      <FrontierSection
        mode={singleFrontierMode}
        action={
          deployable
            ? (_point, i) => <DeployToAfterBot runId={runId} frontierPoint={i} />
            : undefined
        }
      />
      <PromptChanges />
      <SingleGraphs progress={progress} />
      <SingleRunInsights />
      <ChatComparison mode={singleChatMode} />
    </>
  );
}
