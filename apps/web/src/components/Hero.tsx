import { Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface HeroProps {
  title: ReactNode;
  subtitle: ReactNode;
  onGetStarted(): void;
  onLearnMore(): void;
  /** data-tour anchor of the title (tours highlight it). */
  tourId?: string;
}

/** A page's hero: title, subtitle, 'Get Started' and 'Learn More'. */
export function Hero({ title, subtitle, onGetStarted, onLearnMore, tourId }: HeroProps) {
  return (
    <Box
      py={{ base: 40, sm: 64 }}
      px={{ base: "md", sm: "xl" }}
      style={{
        borderRadius: "var(--mantine-radius-lg)",
        background:
          "linear-gradient(135deg, light-dark(#fff4e1, rgba(251,146,5,0.12)) 0%, light-dark(#e3f2ff, rgba(33,150,243,0.10)) 100%)",
      }}
    >
      <Stack gap="md" maw={720}>
        <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15} data-tour={tourId}>
          {title}
        </Title>
        <Text size="lg" c="dimmed">
          {subtitle}
        </Text>
        <Group gap="sm">
          <Button size="md" onClick={onGetStarted}>
            Get Started
          </Button>
          <Button size="md" variant="default" onClick={onLearnMore}>
            Learn More
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
