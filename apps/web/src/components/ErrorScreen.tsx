import { Button, Center, Code, Stack, Text, Title } from "@mantine/core";

/** The message shown for an error caught while rendering a route. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : String(error);
}

/** Route error screen: the spec's 'Unexpected Application Error!' with the error's message. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={1} fz={26}>
          Unexpected Application Error!
        </Title>
        <Code block data-testid="error-message">
          {errorMessage(error)}
        </Code>
        <Text c="dimmed" size="sm">
          Reloading the page usually helps. If it keeps happening, let us know what you were doing.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
