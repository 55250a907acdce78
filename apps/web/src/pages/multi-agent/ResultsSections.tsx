import { Stack } from "@mantine/core";
import { ChatComparison } from "../../components/chat";
import { FrontierSection } from "../../components/frontier/FrontierSection";
import { MultiRunInsights } from "../../components/run-insights";
import { multiChatMode } from "./chat/chat-mode";
import { ConfigurationEvaluation } from "./evaluation/ConfigurationEvaluation";
import { EvaluationGraphs } from "./evaluation/EvaluationGraphs";
import { TeamChanges } from "./evaluation/TeamChanges";
import { multiFrontierMode } from "./frontier-mode";

/** Everything below the configuration (loaded as its own chunk): evaluation, graphs and chat. */
export default function ResultsSections() {
  return (
    <Stack gap={48}>
      <ConfigurationEvaluation />
      <FrontierSection mode={multiFrontierMode} />
      <TeamChanges />
      <EvaluationGraphs />
      <MultiRunInsights />
      <ChatComparison mode={multiChatMode} />
    </Stack>
  );
}
