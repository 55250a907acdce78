import { useMultiRunStore } from "../../stores/multi-run";
import { useEasedValue } from "./useEasedValue";

/**
 * The run's progress as displays show it: the run store's value eased over
 * 500 ms (spec §4, multi-agent), or 0 when `shown` is false.
 */
export function useRunProgress(shown: boolean): number {
  const progress = useMultiRunStore((s) => s.progress);
  return useEasedValue(shown ? progress : 0);
}
