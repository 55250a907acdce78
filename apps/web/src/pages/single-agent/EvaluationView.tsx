import { Badge, Card, Center, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { memo } from "react";
import { useNavigate } from "react-router";
import { Carousel, followFromPreviousToLast } from "../../components/carousel";
import { ConfigurationActions } from "../../components/config-actions/ConfigurationActions";
import { DeployToAfterBot } from "../../components/config-actions/DeployToAfterBot";
import { chosenFrontierPoint } from "../../components/frontier/selection";
import { PickReason, useSingleVerdict } from "../../components/run-insights";
import { runTemperatureOf } from "../../run/presented";
import { NOT_ACCEPTED_LABEL } from "../../run/score";
import { useAuthStore } from "../../stores/auth";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import { ConfigurationDetails } from "./ConfigurationDetails";
import { openInIntegration, startFromConfiguration } from "./configuration-actions";
import { IterationSlider } from "./IterationSlider";
import { RunMetrics } from "./RunMetrics";

/** One optimised configuration in the carousel. */
function OptimisedSlide({ index }: { index: number }) {
  const prompt = useSingleRunStore((s) => s.optimizedPrompts[index] ?? "");
  const result = useSingleRunStore((s) => s.iterationResults[index]);
  const model = useOptimizationStore((s) => s.selectedModel);
  const temperature = useOptimizationStore((s) => s.temperature);
  const verdict = useSingleVerdict();
  const isBest = verdict.index === index;
  const navigate = useNavigate();
  const summary = useSingleRunStore((s) => s.summary);
  const runId = summary?.runId;
  const initialPrompt = useOptimizationStore((s) => s.initialPrompt || s.botPrompt);
  const dataset = useOptimizationStore((s) => s.selectedDataset);
  const finished = useSingleRunStore((s) => s.isOptimized && !s.isOptimizing);
  const presented = finished && isBest;
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const frontier = useSingleRunStore((s) => s.frontier);
  const frontierSelected = useSingleRunStore((s) => s.frontierSelected);
  // The presented prompt runs on the frontier point chosen in "Cost vs quality" (else the recommended one).
  const point = chosenFrontierPoint(frontier, frontierSelected, (p) => p.prompt === prompt);
  // Deploying the presented slide deploys that chosen point (named, so a save still on its way
  // to the server cannot leave the deploy on the recommended one).
  const deployPoint =
    point && !point.recommended && frontier ? { frontierPoint: frontier.indexOf(point) } : {};
  const chosen = {
    prompt,
    model_name: point?.model_name ?? result?.model_name ?? model,
    temperature:
      point?.temperature ??
      runTemperatureOf(result?.iteration, result?.temperature, summary) ??
      temperature,
  };
  // At a temperature the end's probe moved, the iteration's own score measured another
  // configuration: the run's presented score is this one's.
  const movedScore =
    result && !point && chosen.temperature !== result.temperature ? summary?.bestScore : null;
  const score = movedScore ?? result?.validation_score;
  return (
    <ConfigurationDetails
      testId={`optimized-slide-${index + 1}`}
      prompt={prompt}
      model={chosen.model_name}
      temperature={chosen.temperature}
      score={score}
      actions={
        <ConfigurationActions
          testId="configuration-actions"
          presented={presented}
          config={{
            label: `Iteration ${index + 1}`,
            ...chosen,
            ...(score !== undefined ? { validation_score: score } : {}),
            ...(runId ? { run_id: runId } : {}),
            ...(dataset ? { dataset_name: dataset } : {}),
          }}
          onUseAsStart={() => startFromConfiguration(chosen)}
          extra={
            finished &&
            signedIn &&
            runId && (
              // The presented configuration carries the run's held-out result; others are unmeasured.
              <DeployToAfterBot
                runId={runId}
                {...(presented ? deployPoint : { iteration: index + 1 })}
              />
            )
          }
          onUse={() =>
            openInIntegration(
              { prompt: initialPrompt, model_name: model, temperature },
              chosen,
              navigate,
            )
          }
        />
      }
      badges={
        <>
          <Badge radius="sm" tt="none">
            Iteration {index + 1}
          </Badge>
          {isBest && (
            <Badge
              radius="sm"
              color={verdict.label === "presented" ? "orange" : "green"}
              tt="none"
              data-testid="best-badge"
              title={verdict.reason}
            >
              {verdict.label}
            </Badge>
          )}
          {result?.accepted === false && (
            <Badge
              radius="sm"
              variant="light"
              color="gray"
              tt="none"
              title="No proposal improved on the best configuration; it is carried forward"
            >
              {NOT_ACCEPTED_LABEL}
            </Badge>
          )}
        </>
      }
    />
  );
}

/**
 * 'Initial configuration' card and 'Optimized configuration' carousel, the
 * 'Select your new model' slider and the run metrics.
 */
function EvaluationViewView() {
  const initial = useSingleRunStore((s) => s.initialResult);
  const initialPrompt = useOptimizationStore((s) => s.initialPrompt || s.botPrompt);
  const model = useOptimizationStore((s) => s.selectedModel);
  const temperature = useOptimizationStore((s) => s.temperature);
  const count = useSingleRunStore((s) => s.optimizedPrompts.length);
  const selected = useSingleRunStore((s) => s.selectedIterationIndex);
  const select = useSingleRunStore((s) => s.select);
  const running = useSingleRunStore((s) => s.isOptimizing);
  const finished = useSingleRunStore((s) => s.isOptimized && !s.isOptimizing);
  const verdict = useSingleVerdict();

  return (
    <Stack gap="md" data-testid="evaluation-view">
      <Title order={2} fz={{ base: "xl", sm: 26 }}>
        Configuration evaluation
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card data-testid="initial-card">
          <Title order={3} fz="lg" mb="sm">
            Initial configuration
          </Title>
          <ConfigurationDetails
            prompt={initial?.prompt || initialPrompt || "—"}
            model={initial?.model_name ?? model}
            temperature={initial?.temperature ?? temperature}
            score={initial?.validation_score}
            badges={
              <Badge radius="sm" variant="light" color="gray" tt="none">
                Iteration 0
              </Badge>
            }
            actions={
              (initial?.prompt || initialPrompt) && (
                <ConfigurationActions
                  testId="initial-actions"
                  config={{
                    label: "Initial configuration",
                    prompt: initial?.prompt || initialPrompt,
                    model_name: initial?.model_name ?? model,
                    temperature: initial?.temperature ?? temperature,
                    ...(initial?.validation_score !== undefined
                      ? { validation_score: initial.validation_score }
                      : {}),
                  }}
                />
              )
            }
          />
        </Card>
        <Card data-testid="optimized-card">
          <Title order={3} fz="lg" mb="sm">
            Optimized configuration
          </Title>
          <Carousel
            label="Optimized configurations"
            testId="optimized-carousel"
            count={count}
            selectedIndex={selected}
            onSelect={select}
            autoAdvance={followFromPreviousToLast}
            renderSlide={(i) => <OptimisedSlide index={i} />}
            empty={
              <Center mih={160}>
                <Text c="dimmed" size="sm" ta="center">
                  {running
                    ? "The first optimised prompt is on its way…"
                    : "Run an optimization to see improved configurations here."}
                </Text>
              </Center>
            }
          />
        </Card>
      </SimpleGrid>
      <PickReason verdict={verdict} finished={finished} />
      <Card>
        <IterationSlider />
      </Card>
      <div data-tour="evaluation-metrics">
        <RunMetrics />
      </div>
    </Stack>
  );
}

/** The evaluation view (memoised: re-renders only when its props or subscribed state change). */
export const EvaluationView = memo(EvaluationViewView);
