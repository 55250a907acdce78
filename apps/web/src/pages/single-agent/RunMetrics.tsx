import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Usage } from "@promptune/contracts";
import type { SingleIterationResult } from "../../api/run-types";
import { HeldOutResult } from "../../components/run-budget";
import { useSingleRunStore } from "../../stores/single-run";
import { percent } from "./ConfigurationDetails";

/** Sum of the per-iteration usage received so far. */
export function sumUsage(results: readonly (SingleIterationResult | null)[]): Usage | undefined {
  let total: Usage | undefined;
  for (const r of results) {
    if (!r?.usage) continue;
    total = {
      calls: (total?.calls ?? 0) + r.usage.calls,
      input_tokens: (total?.input_tokens ?? 0) + r.usage.input_tokens,
      output_tokens: (total?.output_tokens ?? 0) + r.usage.output_tokens,
      cost_usd: (total?.cost_usd ?? 0) + r.usage.cost_usd,
      cached_calls: (total?.cached_calls ?? 0) + (r.usage.cached_calls ?? 0),
    };
  }
  return total;
}

/** Compact token count (12 345 → '12.3k'). */
export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k`;
  return String(n);
}

/** Cost in US dollars with sensible precision. */
export function formatCost(usd: number): string {
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Run figures beyond the spec: validation scores (initial, selected), the
 * held-out test score next to the best validation score, and LLM calls,
 * tokens and cost (live sum while running, the server's total afterwards).
 */
export function RunMetrics() {
  const initial = useSingleRunStore((s) => s.initialResult);
  const results = useSingleRunStore((s) => s.iterationResults);
  const index = useSingleRunStore((s) => s.selectedIterationIndex);
  const summary = useSingleRunStore((s) => s.summary);
  const selected = results[index];
  const usage = summary?.usage ?? sumUsage([initial, ...results]);
  const best =
    summary?.bestScore ??
    (results.length ? Math.max(...results.map((r) => r.validation_score ?? 0)) : undefined);
  const dash = "—";
  // A run loaded from history may carry its initial score only in the summary.
  const initialScore = initial?.validation_score ?? summary?.initialScore;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="run-metrics">
        <Stat
          label="Initial validation"
          testId="initial-validation"
          value={initialScore !== undefined && initialScore !== null ? percent(initialScore) : dash}
        />
        <Stat
          label={selected ? `Iteration ${index + 1} validation` : "Selected validation"}
          value={
            selected?.validation_score !== undefined ? percent(selected.validation_score) : dash
          }
        />
        <Stat
          label="Best validation · test"
          testId="test-score"
          value={`${best !== undefined && best !== null ? percent(best) : dash} · ${summary?.testScore !== undefined && summary.testScore !== null ? percent(summary.testScore) : dash}`}
          hint="Held-out test score of the best configuration"
        />
        <Stat
          label="LLM usage"
          testId="usage"
          value={usage ? `${usage.calls} calls` : dash}
          hint={
            usage
              ? `${formatTokens(usage.input_tokens + usage.output_tokens)} tokens · ${formatCost(usage.cost_usd)}`
              : undefined
          }
        />
      </SimpleGrid>
      <HeldOutResult comparison={summary?.heldOut} />
    </Stack>
  );
}
