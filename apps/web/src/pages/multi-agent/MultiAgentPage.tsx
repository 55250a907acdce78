import { Stack } from "@mantine/core";
import { Hero } from "../../components/Hero";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";

/** The multi-agent optimizer page (/ and /multi-agent). */
export default function MultiAgentPage() {
  return (
    <Stack gap="xl" data-testid="multi-agent-page">
      <Hero
        tourId="welcome"
        title="Tune a team of AI agents"
        subtitle="A coordinator and up to ten workers, optimised together against your evaluation dataset."
        onGetStarted={() => scrollToId(CONFIGURE_SECTION_ID)}
        onLearnMore={() => scrollToId(CONFIGURE_SECTION_ID)}
      />
      <section id={CONFIGURE_SECTION_ID} aria-label="Configure your AI assistant" />
    </Stack>
  );
}
