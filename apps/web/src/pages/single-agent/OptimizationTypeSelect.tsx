import { notifications } from "@mantine/notifications";
import { NOTIFICATIONS } from "@promptune/contracts";
import { DeferredSelect } from "../../components/deferred-inputs";
import {
  type OptimizationType,
  parseOptimizationType,
  useSessionStore,
} from "../../stores/session";
import { keepStandardDraft, restoreStandardDraft } from "./standard-draft";

/** Told when switching to Telegram Integration sets the typed draft aside. */
export const DRAFT_KEPT_MESSAGE =
  "Your Standard Optimization prompt is kept: switch back to Standard Optimization to continue with it.";

/**
 * Switches the optimisation type. Entering Telegram Integration (which
 * loads the bot's prompts) first sets the Standard draft aside; returning to
 * Standard puts it back.
 */
export function switchOptimizationType(next: OptimizationType): void {
  const { optimizationType, setOptimizationType } = useSessionStore.getState();
  if (next === optimizationType) return;
  if (next === "with_integration") {
    keepStandardDraft();
    notifications.show({
      color: "blue",
      message: DRAFT_KEPT_MESSAGE,
      autoClose: NOTIFICATIONS.configurationViewMs,
    });
  }
  setOptimizationType(next);
  if (next === "standard") restoreStandardDraft();
}

const OPTIONS: { value: OptimizationType; label: string }[] = [
  { value: "standard", label: "Standard Optimization" },
  { value: "with_integration", label: "Telegram Integration" },
];

/** The single-agent page's Optimization Type selector (standard or Telegram integration; the Standard draft is kept). */
export function OptimizationTypeSelect({ disabled }: { disabled?: boolean }) {
  const type = useSessionStore((s) => s.optimizationType);
  return (
    <DeferredSelect
      label="Optimization Type"
      data={OPTIONS}
      value={type}
      allowDeselect={false}
      disabled={disabled}
      onChange={(value) => {
        const next = parseOptimizationType(value);
        if (next) switchOptimizationType(next);
      }}
      data-tour="optimization-type"
      data-testid="optimization-type"
    />
  );
}
