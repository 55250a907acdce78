import { Alert, Button, Card, Stack, Text, Textarea, Title } from "@mantine/core";
import { MAX_PROMPT_CHARS } from "@promptune/contracts";
import { CostCapInput } from "../../components/CostCapInput";
import { DeferredTooltip } from "../../components/deferred-inputs";
import { endedCaption, IterationSteps, ProgressSummary } from "../../components/progress";
import { useSingleVerdict } from "../../components/run-insights/verdict";
import { StopButton } from "../../run/StopButton";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import { WAIT_HINT } from "./ConfigurationCard";
import { OptimizationTypeSelect } from "./OptimizationTypeSelect";
import { SingleRunEstimate } from "./SingleRunEstimate";

/** Props of the bot prompt panel. */
export interface BotPromptPanelProps {
  progress: number;
  running: boolean;
  showCompletion: boolean;
  onOptimize(): void;
  /** Stops the running optimisation on the server (shown while running). */
  onStop?(): void;
  stopping?: boolean;
}

/** Shown under the prompt when it is over the limit (the server refuses such a run). */
export const PROMPT_TOO_LONG = `The prompt is too long: at most ${MAX_PROMPT_CHARS.toLocaleString("en-US")} characters.`;

/** "1,234 / 20,000 characters", updated as the user types (issue 26 §3 item 3). */
function PromptLength({ length }: { length: number }) {
  return (
    <span data-testid="prompt-length">
      {length.toLocaleString("en-US")} / {MAX_PROMPT_CHARS.toLocaleString("en-US")} characters
    </span>
  );
}

/** Caption under the progress displays. */
function caption(running: boolean, done: number, total: number, optimized: boolean): string {
  if (running)
    return done === 0
      ? "Evaluating the initial configuration…"
      : `Iteration ${Math.min(done + 1, total)} of ${total}…`;
  if (optimized) return "Optimization finished";
  if (done > 0) return endedCaption(done, total);
  return "Ready to optimize";
}

/** The configure section's main panel: optimisation type, bot prompt, Optimize, progress and steps. */
export function BotPromptPanel({
  progress,
  running,
  showCompletion,
  onOptimize,
  onStop,
  stopping = false,
}: BotPromptPanelProps) {
  const botPrompt = useOptimizationStore((s) => s.botPrompt);
  const dataset = useOptimizationStore((s) => s.selectedDataset);
  const update = useOptimizationStore((s) => s.update);
  const done = useSingleRunStore((s) => s.iterationResults.length);
  const requested = useSingleRunStore((s) => s.requestedIterations);
  const optimized = useSingleRunStore((s) => s.isOptimized);
  const iterations = useOptimizationStore((s) => s.iterations);
  const total = running || requested > 0 ? requested : iterations;
  const blocked = !botPrompt.trim() || !dataset;
  const tooLong = botPrompt.length > MAX_PROMPT_CHARS;

  return (
    <Card h="100%" data-testid="bot-prompt-panel">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Bot Prompt
          </Title>
          <Text size="sm" c="dimmed">
            The system prompt your assistant starts from.
          </Text>
        </div>
        <OptimizationTypeSelect disabled={running} />
        <Textarea
          label="Prompt"
          placeholder="You are a helpful assistant…"
          autosize
          minRows={6}
          maxRows={14}
          value={botPrompt}
          disabled={running}
          onChange={(e) => update({ botPrompt: e.currentTarget.value })}
          data-testid="bot-prompt"
          description={running ? WAIT_HINT : <PromptLength length={botPrompt.length} />}
          error={tooLong ? PROMPT_TOO_LONG : undefined}
        />
        <DeferredTooltip
          label={running ? WAIT_HINT : "Enter a prompt and choose a dataset first"}
          disabled={!running && !blocked}
          withArrow
        >
          <div>
            <Button
              fullWidth
              size="md"
              onClick={onOptimize}
              disabled={blocked || running}
              loading={running}
              loaderProps={{ type: "dots" }}
              data-testid="optimize-button"
            >
              Optimize
            </Button>
          </div>
        </DeferredTooltip>
        <SingleRunEstimate />
        <CostCapInput mode="single" disabled={running} />
        {running && onStop && <StopButton onStop={onStop} stopping={stopping} />}
        <ProgressSummary
          value={progress}
          caption={caption(running, done, total, optimized)}
          running={running}
        />
        {total > 0 && <IterationSteps total={total} done={done} running={running} />}
        {showCompletion && (
          <Alert
            color="green"
            variant="light"
            title="Optimization completed"
            data-testid="completion-message"
          >
            <CompletionBody />
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The completion message's text: says so when nothing beat the initial configuration. */
function CompletionBody() {
  const verdict = useSingleVerdict();
  if (!verdict.beatInitial) return <>{verdict.reason} See the run insights below for why.</>;
  return (
    <>
      Compare the configurations below, pick an iteration and chat with the before and after
      assistants.
    </>
  );
}
