import { Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { lazy, useEffect } from "react";
import { Hero } from "../../components/Hero";
import { SectionSkeleton } from "../../components/SectionSkeleton";
import { loadChunk } from "../../lib/chunks";
import { DeferredSection } from "../../lib/deferred";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";
import { useAuthStore } from "../../stores/auth";
import { ensureDefaults } from "../../stores/defaults-loader";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { openSingleAgentTour } from "../../tours";
import { ConfigureSection } from "./ConfigureSection";
import { loadIntegrationIntoOptimizer } from "./integration-sync";
import { useRunPermalink } from "./useRunPermalink";
import { useSingleOptimization } from "./useSingleOptimization";

/** Evaluation, graphs and chats: below the fold, loaded after the first paint. */
const SingleResultsSections = lazy(() =>
  loadChunk("single-agent-results", () => import("./SingleResultsSections")),
);

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
  useRunPermalink();
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
        onStop={optimization.stop}
        stopping={optimization.stopping}
      />
      <DeferredSection
        placeholder={<SectionSkeleton label="Loading results" blocks={[420, 520, 560]} />}
      >
        <SingleResultsSections progress={optimization.progress} />
      </DeferredSection>
    </Stack>
  );
}
