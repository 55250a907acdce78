import { Button } from "@mantine/core";

/** Props of the Stop button. */
export interface StopButtonProps {
  onStop(): void;
  stopping: boolean;
}

/**
 * Stops the running optimisation on the server (both optimizer pages). The
 * run is kept in history as stopped, with the iterations done so far.
 */
export function StopButton({ onStop, stopping }: StopButtonProps) {
  return (
    <Button
      fullWidth
      variant="outline"
      color="red"
      onClick={onStop}
      loading={stopping}
      data-testid="stop-button"
    >
      Stop
    </Button>
  );
}
