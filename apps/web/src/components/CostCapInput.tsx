import { TextInput } from "@mantine/core";
import { parseCostCap, useCostCapStore } from "../stores/cost-cap";

/**
 * "Stop at (USD)" under a page's run estimate: an optional cost cap for the
 * run (sent as `max_cost_usd`); a bad amount shows why under the field and
 * keeps the run from starting.
 */
export function CostCapInput({ mode, disabled }: { mode: "single" | "multi"; disabled?: boolean }) {
  const text = useCostCapStore((s) => s[mode]);
  const set = useCostCapStore((s) => s.set);
  const cap = parseCostCap(text);
  return (
    <TextInput
      label="Stop at (USD)"
      description="Optional: the run stops early with the best configuration found once it has cost this much."
      placeholder="No cap"
      inputMode="decimal"
      size="xs"
      maw={320}
      value={text}
      disabled={disabled}
      onChange={(e) => set(mode, e.currentTarget.value)}
      error={cap.ok ? undefined : cap.error}
      data-testid={`${mode}-cost-cap`}
    />
  );
}
