import { Stack } from "@mantine/core";
import { ChatComparison } from "../../components/chat";
import { multiChatMode } from "./chat/chat-mode";
import { ConfigurationEvaluation } from "./evaluation/ConfigurationEvaluation";
import { EvaluationGraphs } from "./evaluation/EvaluationGraphs";
import { TeamChanges } from "./evaluation/TeamChanges";

/** Everything below the configuration (loaded as its own chunk): evaluation, graphs and chat. */
export default function ResultsSections() {
  return (
    <Stack gap={48}>
      <ConfigurationEvaluation />
      <TeamChanges />
      <EvaluationGraphs />
      <ChatComparison mode={multiChatMode} />
    </Stack>
  );
}
