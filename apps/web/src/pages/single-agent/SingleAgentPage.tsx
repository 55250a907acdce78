import { Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { Hero } from "../../components/Hero";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";
import { useAuthStore } from "../../stores/auth";
import { ensureDefaults } from "../../stores/defaults-loader";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { openSingleAgentTour } from "../../tours";
import { ChatComparison } from "./ChatComparison";
import { ConfigureSection } from "./ConfigureSection";
import { EvaluationView } from "./EvaluationView";
import { loadIntegrationIntoOptimizer } from "./integration-sync";
import { SingleGraphs } from "./SingleGraphs";
import { useSingleOptimization } from "./useSingleOptimization";

/** Loads the integration into the optimizer whenever 'Telegram Integration' mode is entered (signed in, idle). */
function useIntegrationMode() {
  const type = useSessionStore((s) => s.optimizationType);
  const authenticated = useAuthStore((s) => s.status === "authenticated");
  useEffect(() => {
    if (type !== "with_integration" || !authenticated || useSingleRunStore.getState().isOptimizing)
      return;
    void loadIntegrationIntoOptimizer();
  }, [type, authenticated]);
}

function startTour() {
  openSingleAgentTour().catch((error: unknown) => {
    console.error(error);
    notifications.show({
      color: "red",
      title: "Could not start the tour",
      message: "Please try again.",
    });
  });
}

/** The single-agent optimizer page (/home): hero, configure, evaluation, graphs and chats. */
export default function SingleAgentPage() {
  const optimization = useSingleOptimization();
  useIntegrationMode();
  useEffect(() => {
    void ensureDefaults();
  }, []);

  return (
    <Stack gap={48} data-testid="single-agent-page" pb="xl">
      <Hero
        tourId="hero-title"
        title="This is Promptune AI Tuner"
        subtitle="Adjust your assistant's prompt, model and temperature to an evaluation dataset — and watch every iteration of the optimisation as it happens."
        onGetStarted={() => scrollToId(CONFIGURE_SECTION_ID)}
        onLearnMore={startTour}
      />
      <ConfigureSection
        progress={optimization.progress}
        running={optimization.running}
        showCompletion={optimization.showCompletion}
        onOptimize={optimization.start}
      />
      <EvaluationView />
      <SingleGraphs progress={optimization.progress} />
      <ChatComparison />
    </Stack>
  );
}
