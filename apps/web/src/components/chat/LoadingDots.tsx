import { Box, Group } from "@mantine/core";
import classes from "./chat.module.css";

/** Three pulsing dots shown while a reply is on its way. */
export function LoadingDots() {
  return (
    <Group
      gap={5}
      role="status"
      aria-label="Waiting for the reply"
      data-testid="loading-dots"
      py={6}
      px={4}
    >
      {[0, 1, 2].map((i) => (
        <Box key={i} className={classes.dot} style={{ animationDelay: `${i * 160}ms` }} />
      ))}
    </Group>
  );
}
