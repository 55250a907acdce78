import { Card, Stack } from "@mantine/core";
import { Hero } from "../../components/Hero";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";
import { OptimizationTypeSelect } from "./OptimizationTypeSelect";

/** The single-agent optimizer page (/home). */
export default function SingleAgentPage() {
  return (
    <Stack gap="xl" data-testid="single-agent-page">
      <Hero
        tourId="hero-title"
        title="This is Promptune AI Tuner"
        subtitle="Adjust your assistant's prompt, model and temperature to an evaluation dataset — and watch every iteration of the optimisation as it happens."
        onGetStarted={() => scrollToId(CONFIGURE_SECTION_ID)}
        onLearnMore={() => scrollToId(CONFIGURE_SECTION_ID)}
      />
      <section id={CONFIGURE_SECTION_ID} aria-label="Configure">
        <Card>
          <OptimizationTypeSelect />
        </Card>
      </section>
    </Stack>
  );
}
