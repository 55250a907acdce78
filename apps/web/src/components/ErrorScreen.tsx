import { Button, Center, Code, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** Route error element: the spec's 'Unexpected Application Error!' screen with the error's message. */
export function ErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={2}>Unexpected Application Error!</Title>
        <Code block>{message}</Code>
        <Text c="dimmed" size="sm">
          Reloading the page usually helps. If it keeps happening, let us know what you were doing.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
