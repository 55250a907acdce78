import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError } from "../../api/client";
import { fetchHistoryRecord } from "../../api/history";
import { useAuthStore } from "../../stores/auth";
import { useSingleRunStore } from "../../stores/single-run";
import { applySingleRecord } from "./load-run";

/** Query parameter of a run's permalink, `/home?run=<id>`. */
export const RUN_PARAM = "run";
/** This tab's last shown run (sessionStorage: per tab, survives a reload). */
export const LAST_RUN_KEY = "promptune-last-run";
/** Shown when a permalink names a run that is not the caller's or does not exist. */
export const RUN_NOT_FOUND = "This optimization run was not found.";

function rememberRun(runId: string | null): void {
  try {
    if (runId) sessionStorage.setItem(LAST_RUN_KEY, runId);
    else sessionStorage.removeItem(LAST_RUN_KEY);
  } catch {
    // Without session storage a reload only loses the finished run.
  }
}

/** This tab's last run is restored at most once per page load (not on in-app navigation). */
let lastRunRestored = false;

/** True when the page shows no run at all (nothing was loaded from elsewhere either). */
function runStoreEmpty(): boolean {
  const s = useSingleRunStore.getState();
  return (
    !s.isOptimizing &&
    s.optimizedPrompts.length === 0 &&
    s.iterationResults.length === 0 &&
    s.initialResult === null
  );
}

function lastRun(): string | null {
  try {
    return sessionStorage.getItem(LAST_RUN_KEY);
  } catch {
    return null;
  }
}

/**
 * Finished runs survive a reload and have a permalink (issue 26 §3 item 2).
 * The shown finished run's id goes into the address (`?run=<id>`) and this
 * tab's session storage; on load the page brings back the run the address
 * names, else (once per page load, when nothing else was put on the page)
 * this tab's last one, unless a run is going on (the reattach of useRun
 * takes that). Starting a run drops the parameter.
 */
export function useRunPermalink(): void {
  const [params, setParams] = useSearchParams();
  const authenticated = useAuthStore((s) => s.status === "authenticated");
  const optimizing = useSingleRunStore((s) => s.isOptimizing);
  const shownRun = useSingleRunStore((s) =>
    s.isOptimized && !s.isOptimizing ? (s.summary?.runId ?? null) : null,
  );
  const param = params.get(RUN_PARAM);
  const loading = useRef<string | null>(null);

  useEffect(() => {
    const setParam = (runId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (runId) next.set(RUN_PARAM, runId);
          else next.delete(RUN_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    if (optimizing) {
      lastRunRestored = true;
      if (param) setParam(null);
      return;
    }
    if (shownRun && (!param || param === shownRun)) {
      lastRunRestored = true;
      rememberRun(shownRun);
      if (param !== shownRun) setParam(shownRun);
      return;
    }
    if (!authenticated) return;
    const restore = !lastRunRestored && runStoreEmpty();
    lastRunRestored = true;
    const target = param ?? (restore ? lastRun() : null);
    if (!target || loading.current === target) return;
    loading.current = target;
    fetchHistoryRecord(target)
      .then(async (record) => {
        const now = useSingleRunStore.getState();
        if (now.isOptimizing || record.mode !== "single") return;
        if (record.status === "running" || record.status === "queued") return;
        await applySingleRecord(record);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 404) {
          rememberRun(null);
          if (param) {
            setParam(null);
            notifications.show({ color: "red", message: RUN_NOT_FOUND });
          }
        } else console.error("Loading the run failed", error);
      })
      .finally(() => {
        loading.current = null;
      });
  }, [authenticated, optimizing, shownRun, param, setParams]);
}
