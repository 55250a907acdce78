import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** Any unknown client route. */
export default function NotFoundPage() {
  return (
    <Center component="main" mih="80vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
