import { Box, Group, Slider, Text } from "@mantine/core";
import { useSingleRunStore } from "../../stores/single-run";

/**
 * 'Select your new model': picks an optimised iteration (1..n) with numbered
 * points; disabled while there are no optimised prompts.
 */
export function IterationSlider() {
  const count = useSingleRunStore((s) => s.optimizedPrompts.length);
  const index = useSingleRunStore((s) => s.selectedIterationIndex);
  const select = useSingleRunStore((s) => s.select);
  const disabled = count === 0;
  // One optimised iteration: a full track ending at 1 (min 0 is outside the selectable domain).
  const min = count >= 2 ? 1 : 0;
  const max = Math.max(1, count);
  const value = disabled ? min : index + 1;

  return (
    <Box data-tour="iteration-slider" data-testid="iteration-slider">
      <Group justify="space-between" mb={6}>
        <Text fw={600} id="iteration-slider-label">
          Select your new model
        </Text>
        <Text
          size="sm"
          fw={700}
          c={disabled ? "dimmed" : "brand"}
          data-testid="iteration-slider-value"
        >
          {disabled ? "No optimised iterations yet" : `Iteration ${value}`}
        </Text>
      </Group>
      <Slider
        min={min}
        max={max}
        step={1}
        domain={count >= 1 ? [1, count] : undefined}
        value={value}
        disabled={disabled}
        onChange={(v) => select(v - 1)}
        marks={Array.from({ length: count }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
        label={(v) => `Iteration ${v}`}
        thumbLabel="Select your new model"
        thumbValueText={(v) => `Iteration ${v}`}
        mb="lg"
        px={4}
      />
    </Box>
  );
}
