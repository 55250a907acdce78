import { Alert, Transition } from "@mantine/core";
import { useMultiRunStore } from "../../stores/multi-run";

/** Texts of the completion message (spec §2). */
export const COMPLETION_TEXTS = {
  title: "Multi-Agent Optimization Completed!",
  body: "Your multi-agent system has been successfully optimized. Check the results below to see the improvements.",
} as const;

/** The completion message, shown 500 ms after progress reaches 100 % (the run hook sets the flag). */
export function CompletionMessage() {
  const show = useMultiRunStore((s) => s.showCompletion);
  const hide = useMultiRunStore((s) => s.setShowCompletion);
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
          {COMPLETION_TEXTS.body}
        </Alert>
      )}
    </Transition>
  );
}
