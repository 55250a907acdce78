import { DeferredSelect } from "../../components/deferred-inputs";
import {
  type OptimizationType,
  parseOptimizationType,
  useSessionStore,
} from "../../stores/session";

const OPTIONS: { value: OptimizationType; label: string }[] = [
  { value: "standard", label: "Standard Optimization" },
  { value: "with_integration", label: "Telegram Integration" },
];

/** The single-agent page's Optimization Type selector (standard or Telegram integration). */
export function OptimizationTypeSelect({ disabled }: { disabled?: boolean }) {
  const type = useSessionStore((s) => s.optimizationType);
  const setType = useSessionStore((s) => s.setOptimizationType);
  return (
    <DeferredSelect
      label="Optimization Type"
      data={OPTIONS}
      value={type}
      allowDeselect={false}
      disabled={disabled}
      onChange={(value) => {
        const next = parseOptimizationType(value);
        if (next) setType(next);
      }}
      data-tour="optimization-type"
      data-testid="optimization-type"
    />
  );
}
