import { Box, Button, Collapse, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { IntermediateMessage } from "../../api/chat";
import { LazyMarkdown } from "./LazyMarkdown";

/** A bot message's collapsible list of intermediate messages ('Show/Hide Reasoning Process'). */
export function ReasoningSection({ messages }: { messages: readonly IntermediateMessage[] }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Box mt={6}>
      <Button variant="subtle" size="compact-xs" onClick={toggle} aria-expanded={opened}>
        {opened ? "Hide Reasoning Process" : "Show Reasoning Process"}
      </Button>
      <Collapse expanded={opened}>
        <Stack
          gap={6}
          mt={6}
          pl="sm"
          style={{ borderLeft: "2px solid var(--mantine-color-default-border)" }}
        >
          {messages.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: intermediate messages are positional
            <Box key={i}>
              <Text size="xs" fw={700} c="dimmed">
                {m.name}
              </Text>
              <LazyMarkdown>{m.content}</LazyMarkdown>
            </Box>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
