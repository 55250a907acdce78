import { Group, Slider, Text } from "@mantine/core";
import { TEMPERATURE } from "@promptune/contracts";

const MARKS = [
  { value: 0, label: "0" },
  { value: 0.5, label: "0.5" },
  { value: 1, label: "1" },
];

interface TemperatureSliderProps {
  value: number;
  /** Receives the new value rounded to two decimals and kept within 0–1. */
  onChange(value: number): void;
  disabled?: boolean;
  /** Accessible name of the slider thumb. */
  thumbLabel: string;
  /** data-testid of the shown value. */
  valueTestId: string;
  /** Show the 0 / 0.5 / 1 marks under the track. */
  marks?: boolean;
}

/** The temperature control used on every page: 0–1, step 0.01, value shown with two decimals (spec §5). */
export function TemperatureSlider({
  value,
  onChange,
  disabled,
  thumbLabel,
  valueTestId,
  marks,
}: TemperatureSliderProps) {
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} component="span">
          Temperature
        </Text>
        <Text size="sm" fw={700} data-testid={valueTestId}>
          {value.toFixed(2)}
        </Text>
      </Group>
      <Slider
        min={TEMPERATURE.min}
        max={TEMPERATURE.max}
        step={TEMPERATURE.step}
        precision={2}
        value={value}
        disabled={disabled}
        thumbLabel={thumbLabel}
        label={(v) => v.toFixed(2)}
        thumbValueText={(v) => v.toFixed(2)}
        {...(marks ? { marks: MARKS, mb: "lg" } : {})}
        onChange={(v) =>
          onChange(Math.min(TEMPERATURE.max, Math.max(TEMPERATURE.min, Math.round(v * 100) / 100)))
        }
      />
    </div>
  );
}
