import { Text } from "@mantine/core";
import type { RunEstimate, RunEstimateRequest } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { ApiRequestError, serverMessageOf } from "../../api/client";
import { fetchRunEstimate } from "../../api/estimate";
import { useAuthStore } from "../../stores/auth";
import { describeEstimate } from "./format";

/** Wait after the last settings change before asking for a new estimate. */
const DEBOUNCE_MS = 400;

/** An estimate and whether it belongs to settings that have since changed. */
export type CurrentEstimate =
  | {
      estimate: RunEstimate;
      /** True while the settings changed and their own estimate is on its way. */
      stale: boolean;
    }
  | {
      /** Why the server refuses these settings (HTTP 400), e.g. a prompt over the limit. */
      refusal: string;
    };

/**
 * The estimate of the run the current settings would start, refreshed when
 * they change (debounced; a stale answer is dropped). The previous estimate
 * stays, marked stale, until the new one arrives. Null while signed out,
 * while the settings are incomplete or when the server cannot estimate.
 */
export function useRunEstimate(request: RunEstimateRequest | null): CurrentEstimate | null {
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const key = request && signedIn ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<{ key: string; estimate: RunEstimate } | null>(null);
  const [refusal, setRefusal] = useState<{ key: string; message: string } | null>(null);
  useEffect(() => {
    if (!key) {
      setAnswer(null);
      setRefusal(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchRunEstimate(JSON.parse(key) as RunEstimateRequest, controller.signal)
        .then((estimate) => {
          if (controller.signal.aborted) return;
          setAnswer({ key, estimate });
          setRefusal(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer(null);
          // A request the server refuses says why instead of silently losing the estimate.
          const refused = error instanceof ApiRequestError && error.status === 400;
          setRefusal(refused ? { key, message: serverMessageOf(error) ?? error.message } : null);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  if (!key) return null;
  if (refusal?.key === key) return { refusal: refusal.message };
  if (!answer) return null;
  return { estimate: answer.estimate, stale: answer.key !== key };
}

/** "≈ N model calls · T tokens · $C" next to Optimize; the run is capped at the estimate's max_calls. */
export function RunEstimateLine({ request }: { request: RunEstimateRequest | null }) {
  const current = useRunEstimate(request);
  if (!current) return null;
  if ("refusal" in current) {
    return (
      <Text size="sm" c="red" ta="center" data-testid="run-estimate-refused" role="alert">
        {current.refusal}
      </Text>
    );
  }
  const { estimate, stale } = current;
  return (
    <Text
      size="sm"
      c="dimmed"
      ta="center"
      opacity={stale ? 0.5 : 1}
      data-testid="run-estimate"
      data-stale={stale ? "true" : "false"}
      title={`The run stops before ${estimate.max_calls} model calls.`}
    >
      {describeEstimate(estimate)}
    </Text>
  );
}
