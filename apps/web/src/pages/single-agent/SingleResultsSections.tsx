import { ChatComparison } from "../../components/chat";
import { FrontierSection } from "../../components/frontier/FrontierSection";
import { SingleRunInsights } from "../../components/run-insights";
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
  return (
    <>
      <EvaluationView />
      <FrontierSection mode={singleFrontierMode} />
      <PromptChanges />
      <SingleGraphs progress={progress} />
      <SingleRunInsights />
      <ChatComparison mode={singleChatMode} />
    </>
  );
}
