import { PROGRESS } from "@promptune/contracts";

/**
 * The optimisation progress arithmetic of spec §4, free of React so it can be
 * tested with fake timers:
 * - each received response adds 90/(iterations+1) %, capped at 90;
 * - a simulated tick adds 0.075 every 100 ms up to 90 (three times that once
 *   the run is marked completed); real values raise progress, still capped;
 * - finishing eases to 100 in 20 steps of 50 ms, then resets the counters and
 *   calls the completion callback.
 */
export class ProgressController {
  private value = 0;
  private responses = 0;
  private iterations = 1;
  private completed = false;
  private simulation: ReturnType<typeof setInterval> | null = null;
  private easing: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onChange: (value: number) => void) {}

  /** Current progress in percent. */
  get progress(): number {
    return this.value;
  }

  /** Responses counted since the run started. */
  get responseCount(): number {
    return this.responses;
  }

  /** Starts a run of `iterations` iterations: progress 0, counters reset, simulation on. */
  start(iterations: number): void {
    this.stopTimers();
    this.iterations = Math.max(1, Math.floor(iterations) || 1);
    this.responses = 0;
    this.completed = false;
    this.set(0);
    this.simulation = setInterval(() => this.tick(), PROGRESS.simulatedTickMs);
  }

  /** One response arrived: progress becomes at least responses · 90/(iterations+1), capped at 90. */
  recordResponse(): void {
    this.responses += 1;
    this.raise((this.responses * PROGRESS.capBeforeCompletion) / (this.iterations + 1));
  }

  /** A real progress value (e.g. a `progress` message) raises progress, capped at 90. */
  report(value: number): void {
    if (Number.isFinite(value)) this.raise(value);
  }

  /** The server finished: the simulated tick is tripled until the finish easing starts. */
  markCompleted(): void {
    this.completed = true;
  }

  /** Eases from the current value to 100 in 20 steps of 50 ms, then resets counters and calls `onDone`. */
  finish(onDone?: () => void): void {
    this.stopTimers();
    const from = this.value;
    const steps = PROGRESS.finishSteps;
    let step = 0;
    this.easing = setInterval(() => {
      step += 1;
      this.set(step >= steps ? 100 : from + ((100 - from) * step) / steps);
      if (step >= steps) {
        this.stopTimers();
        this.responses = 0;
        this.completed = false;
        onDone?.();
      }
    }, PROGRESS.finishStepMs);
  }

  /** Stops everything and returns to 0 (errors and manual disconnects). */
  reset(): void {
    this.stopTimers();
    this.responses = 0;
    this.completed = false;
    this.set(0);
  }

  /** Stops the timers (unmount). */
  dispose(): void {
    this.stopTimers();
  }

  private tick(): void {
    if (this.value >= PROGRESS.capBeforeCompletion) return;
    const amount =
      PROGRESS.simulatedTickAmount * (this.completed ? PROGRESS.completedTickMultiplier : 1);
    this.set(Math.min(PROGRESS.capBeforeCompletion, this.value + amount));
  }

  private raise(candidate: number): void {
    const capped = Math.min(PROGRESS.capBeforeCompletion, candidate);
    if (capped > this.value) this.set(capped);
  }

  private set(value: number): void {
    this.value = value;
    this.onChange(value);
  }

  private stopTimers(): void {
    if (this.simulation) clearInterval(this.simulation);
    if (this.easing) clearInterval(this.easing);
    this.simulation = null;
    this.easing = null;
  }
}
