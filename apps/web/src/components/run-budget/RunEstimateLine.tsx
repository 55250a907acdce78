import { Text } from "@mantine/core";
import type { RunEstimate, RunEstimateRequest } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { fetchRunEstimate } from "../../api/estimate";
import { useAuthStore } from "../../stores/auth";
import { describeEstimate } from "./format";

/** Wait after the last settings change before asking for a new estimate. */
const DEBOUNCE_MS = 400;

/**
 * The estimate of the run the current settings would start, refreshed when
 * they change (debounced; a stale answer is dropped). Null while signed out,
 * while the settings are incomplete or when the server cannot estimate.
 */
export function useRunEstimate(request: RunEstimateRequest | null): RunEstimate | null {
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const key = request && signedIn ? JSON.stringify(request) : null;
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  useEffect(() => {
    if (!key) {
      setEstimate(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRunEstimate(JSON.parse(key) as RunEstimateRequest, controller.signal)
        .then((e) => {
          if (!controller.signal.aborted) setEstimate(e);
        })
        .catch(() => {
          if (!controller.signal.aborted) setEstimate(null);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return estimate;
}

/** "≈ N model calls · T tokens · $C" next to Optimize; the run is capped at the estimate's max_calls. */
export function RunEstimateLine({ request }: { request: RunEstimateRequest | null }) {
  const estimate = useRunEstimate(request);
  if (!estimate) return null;
  return (
    <Text
      size="sm"
      c="dimmed"
      ta="center"
      data-testid="run-estimate"
      title={`The run stops before ${estimate.max_calls} model calls.`}
    >
      {describeEstimate(estimate)}
    </Text>
  );
}
