import { Box, SegmentedControl, SimpleGrid, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { LAYOUT } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { CONFIGURE_SECTION_ID } from "../../lib/scroll";
import { TOUR_REVEAL_EVENT } from "../../tours/reveal";
import { BotPromptPanel, type BotPromptPanelProps } from "./BotPromptPanel";
import { ConfigurationCard } from "./ConfigurationCard";

type MobilePanel = "prompt" | "configuration";

/**
 * The configure section: bot prompt panel and configuration card side by
 * side; on mobile a 'Bot Prompt' / 'Configuration' toggle shows one at a time.
 */
export function ConfigureSection(props: BotPromptPanelProps) {
  const mobile = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpointPx}px)`) ?? false;
  const [panel, setPanel] = useState<MobilePanel>("prompt");

  // The tour asks for the panel holding its step's target (mobile shows one at a time).
  useEffect(() => {
    const reveal = (event: Event) => {
      const target = (event as CustomEvent<string>).detail;
      if (target === "configuration-panel") setPanel("configuration");
      if (target === "optimization-type") setPanel("prompt");
    };
    window.addEventListener(TOUR_REVEAL_EVENT, reveal);
    return () => window.removeEventListener(TOUR_REVEAL_EVENT, reveal);
  }, []);

  const prompt = <BotPromptPanel {...props} />;
  const configuration = <ConfigurationCard running={props.running} />;
  return (
    <section id={CONFIGURE_SECTION_ID} aria-label="Configure" style={{ scrollMarginTop: 72 }}>
      {mobile ? (
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={panel}
            onChange={(v) => setPanel(v as MobilePanel)}
            data={[
              { value: "prompt", label: "Bot Prompt" },
              { value: "configuration", label: "Configuration" },
            ]}
            aria-label="Show the bot prompt or the configuration"
            data-testid="mobile-config-toggle"
          />
          <Box>{panel === "prompt" ? prompt : configuration}</Box>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {prompt}
          {configuration}
        </SimpleGrid>
      )}
    </section>
  );
}
