import { Stack } from "@mantine/core";
import { ChatComparison } from "../../components/chat";
import { FrontierTable } from "../../components/FrontierTable";
import { MultiRunInsights } from "../../components/run-insights";
import { useMultiRunStore } from "../../stores/multi-run";
import { multiChatMode } from "./chat/chat-mode";
import { ConfigurationEvaluation } from "./evaluation/ConfigurationEvaluation";
import { EvaluationGraphs } from "./evaluation/EvaluationGraphs";
import { TeamChanges } from "./evaluation/TeamChanges";

/** Everything below the configuration (loaded as its own chunk): evaluation, graphs and chat. */
export default function ResultsSections() {
  const frontier = useMultiRunStore((s) => s.finalResult?.server?.frontier);
  return (
    <Stack gap={48}>
      <ConfigurationEvaluation />
      {frontier && frontier.length > 0 && <FrontierTable frontier={frontier} />}
      <TeamChanges />
      <EvaluationGraphs />
      <MultiRunInsights />
      <ChatComparison mode={multiChatMode} />
    </Stack>
  );
}
