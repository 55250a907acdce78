import { Loader, Overlay, Paper, Stack, Text, Title } from "@mantine/core";

/** Full-screen overlay shown while an external sign-in completes (spec §2). */
export function AuthorizationOverlay() {
  return (
    <Overlay fixed blur={3} zIndex={1000} center data-testid="authorization-overlay">
      <Paper radius="lg" p="xl" shadow="md" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader />
          <Title order={3}>Authorization...</Title>
          <Text c="dimmed">Processing your request</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
