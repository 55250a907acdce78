import { Stack } from "@mantine/core";
import { lazy, useEffect } from "react";
import { Hero } from "../../components/Hero";
import { SectionSkeleton } from "../../components/SectionSkeleton";
import { loadChunk } from "../../lib/chunks";
import { DeferredSection } from "../../lib/deferred";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";
import { ensureDefaults } from "../../stores/defaults-loader";
import { CompletionMessage } from "./CompletionMessage";
import { ConfigureCard } from "./config/ConfigureCard";
import { MultiHeldOut } from "./MultiHeldOut";
import { startMultiAgentTour } from "./tour/start";
import { useMultiAgentRun } from "./useMultiAgentRun";

/** Evaluation, graphs and chats: below the fold, loaded after the first paint. */
const ResultsSections = lazy(() =>
  loadChunk("multi-agent-results", () => import("./ResultsSections")),
);

/** The multi-agent optimizer page (/ and /multi-agent). */
export default function MultiAgentPage() {
  useEffect(() => {
    void ensureDefaults();
  }, []);
  const run = useMultiAgentRun();

  return (
    <Stack gap={48} data-testid="multi-agent-page" pb="xl">
      <Hero
        tourId="ma-welcome"
        title="Tune a team of AI agents"
        subtitle="A coordinator and up to ten workers, optimised together against your evaluation dataset."
        onGetStarted={() => scrollToId(CONFIGURE_SECTION_ID)}
        onLearnMore={() => void startMultiAgentTour()}
      />
      <Stack
        gap="lg"
        component="section"
        id={CONFIGURE_SECTION_ID}
        aria-label="Configure your AI assistant"
      >
        <ConfigureCard onOptimize={run.optimize} onStop={run.stop} stopping={run.stopping} />
        <CompletionMessage />
        <MultiHeldOut />
      </Stack>
      <DeferredSection
        placeholder={<SectionSkeleton label="Loading results" blocks={[420, 520, 560]} />}
      >
        <ResultsSections />
      </DeferredSection>
    </Stack>
  );
}
