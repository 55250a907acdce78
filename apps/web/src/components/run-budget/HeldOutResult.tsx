import { Alert, Text } from "@mantine/core";
import type { HeldOutComparison } from "@promptune/contracts";
import { describeHeldOut, describeScores } from "./format";

/**
 * The honest number of a finished run: how the presented configuration
 * scored against the initial one on held-out examples the optimiser never
 * saw, with the bootstrap 95 % interval of the gain. Nothing when the run
 * has no held-out comparison (no test split, or not measured).
 */
export function HeldOutResult({
  comparison,
}: {
  comparison: HeldOutComparison | null | undefined;
}) {
  if (!comparison) return null;
  const better = comparison.significant && comparison.difference > 0;
  const worse = comparison.significant && comparison.difference < 0;
  return (
    <Alert
      variant="light"
      radius="md"
      color={better ? "green" : worse ? "red" : "gray"}
      title="On held-out examples"
      data-testid="held-out-result"
    >
      <Text fw={600} data-testid="held-out-summary">
        {describeHeldOut(comparison)}
      </Text>
      <Text size="sm" c="dimmed">
        {describeScores(comparison)}
      </Text>
    </Alert>
  );
}
