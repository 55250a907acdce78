import { Alert, Transition } from "@mantine/core";
import { useMultiVerdict } from "../../components/run-insights/verdict";
import { useMultiRunStore } from "../../stores/multi-run";

/** Texts of the completion message (spec §2). */
export const COMPLETION_TEXTS = {
  title: "Multi-Agent Optimization Completed!",
  body: "Your multi-agent system has been successfully optimized. Check the results below to see the improvements.",
  /** The body when no optimised configuration beat the initial one. */
  nothingBeatInitial:
    "The optimization finished, but nothing beat the initial configuration, so it stays presented. Check the run insights below to see why each change was rejected.",
} as const;

/** The completion message, shown 500 ms after progress reaches 100 % (the run hook sets the flag). */
export function CompletionMessage() {
  const show = useMultiRunStore((s) => s.showCompletion);
  const hide = useMultiRunStore((s) => s.setShowCompletion);
  const verdict = useMultiVerdict();
  return (
    <Transition mounted={show} transition="fade-down" duration={300}>
      {(style) => (
        <Alert
          style={style}
          color="green"
          variant="light"
          radius="lg"
          title={COMPLETION_TEXTS.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => hide(false)}
          data-testid="ma-completion"
        >
          {verdict.beatInitial ? COMPLETION_TEXTS.body : COMPLETION_TEXTS.nothingBeatInitial}
        </Alert>
      )}
    </Transition>
  );
}
