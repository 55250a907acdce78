import { Alert, Text } from "@mantine/core";
import type { PresentedVerdict } from "../../run/presented";

/**
 * The one line under the optimised configurations that says which one is
 * presented and the number the pick used; a notice when nothing beat the
 * initial configuration.
 */
export function PickReason({
  verdict,
  finished,
}: {
  verdict: PresentedVerdict;
  finished: boolean;
}) {
  if (!finished || !verdict.reason) return null;
  if (!verdict.beatInitial) {
    return (
      <Alert color="gray" variant="light" data-testid="pick-reason" data-beat-initial="false">
        {verdict.reason}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="pick-reason" data-beat-initial="true">
      {verdict.reason}
    </Text>
  );
}
