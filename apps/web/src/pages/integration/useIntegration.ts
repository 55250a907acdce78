import { notifications } from "@mantine/notifications";
import {
  type BotLinks,
  type HistoryRecord,
  NOTIFICATIONS,
  type SingleAgentConfig,
  type TelegramVerification,
} from "@promptune/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { serverMessageOf } from "../../api/auth";
import { ApiRequestError } from "../../api/client";
import { fetchHistory } from "../../api/history";
import { fetchBotLinks, fetchIntegration, saveIntegration } from "../../api/integration";
import { useAuthStore } from "../../stores/auth";
import { ensureDefaults } from "../../stores/defaults-loader";
import { useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { integrationFromHistory } from "../profile/history/mapping";
import { useIntegrationDraftStore } from "./draft";
import { USERNAME_FIELD_ID } from "./IntegrationFormSections";
import { INITIAL_PROMPT_FIELD_ID } from "./PromptCards";
import {
  emptyForm,
  formErrors,
  formFromIntegration,
  INTEGRATION_MESSAGES,
  type IntegrationField,
  type IntegrationForm,
  integrationFromForm,
  latestConfigs,
  optimizerLoadFromIntegration,
  withConfigs,
} from "./rules";

/** Ids of the fields validation can reject (focused when they hold an error). */
const INTEGRATION_FIELD_IDS: Record<IntegrationField, string> = {
  username: USERNAME_FIELD_ID,
  initialPrompt: INITIAL_PROMPT_FIELD_ID,
};

/** Toast of 'Load latest optimization results'. */
export const LATEST_LOADED = "Loaded the latest optimization results. Save to update your bots.";

/** The newest saved single-agent run with optimised steps, or null (history is only read). */
async function latestRunWithSteps(signal: AbortSignal): Promise<HistoryRecord | null> {
  try {
    const runs = await fetchHistory("single", signal);
    const withSteps = runs.filter((r) => r.steps.length > 0);
    withSteps.sort((a, b) => b.created_at.localeCompare(a.created_at));
    return withSteps[0] ?? null;
  } catch (error) {
    if (!signal.aborted) console.error("Failed to read the latest run", error);
    return null;
  }
}

const toast = (color: string, message: string) =>
  notifications.show({ color, message, autoClose: NOTIFICATIONS.profileAndIntegrationMs });

/** Applies a history draft's configurations over the loaded form (the connector part is kept). */
function applyDraft(form: IntegrationForm): IntegrationForm {
  const draft = useIntegrationDraftStore.getState().takeDraft();
  if (!draft) return form;
  toast(
    "blue",
    form.username.replace(/^@/, "").trim()
      ? "The chosen prompts are loaded. Save the integration to use them in your bots."
      : "The run's prompts are loaded. Enter your Telegram username and save the integration.",
  );
  return { ...form, initConfig: { ...draft.init_config }, optiConfig: { ...draft.opti_config } };
}

/**
 * State and actions of the Integration page: loads the integration (after
 * the optimizer's defaults, spec §4), saves it, loads the latest results,
 * and loads it into the optimizer — with the toasts of spec §8 and the
 * sign-in prompts of spec §6.
 */
export function useIntegration() {
  const status = useAuthStore((s) => s.status);
  const openLogin = useUiStore((s) => s.openLogin);
  const navigate = useNavigate();
  const [form, setFormState] = useState<IntegrationForm>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<IntegrationField, string>>>({});
  const [latestRun, setLatestRun] = useState<HistoryRecord | null>(null);
  const inMemoryResults = useSingleRunStore((s) => s.optimizedPrompts.length > 0);
  const [bots, setBots] = useState<BotLinks>({ before: "", after: "" });
  const [verification, setVerification] = useState<TelegramVerification | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  /** Counts successful saves: a save may deploy a new after-bot version (the versions list reloads). */
  const [saves, setSaves] = useState(0);

  /** Edits the form; a field's error clears once that field changes. */
  const formRef = useRef(form);
  formRef.current = form;
  const setForm = useCallback((next: IntegrationForm) => {
    const previous = formRef.current;
    formRef.current = next;
    setFormState(next);
    setErrors((e) => {
      const cleared = { ...e };
      if (next.username !== previous.username) delete cleared.username;
      if (next.initConfig.prompt !== previous.initConfig.prompt) delete cleared.initialPrompt;
      return cleared;
    });
  }, []);

  // 'Load latest optimization results' also works after a reload: the newest run in the history.
  useEffect(() => {
    if (status !== "authenticated") {
      setLatestRun(null);
      return;
    }
    const controller = new AbortController();
    void latestRunWithSteps(controller.signal).then((run) => {
      if (!controller.signal.aborted) setLatestRun(run);
    });
    return () => controller.abort();
  }, [status]);

  useEffect(() => {
    if (status === "loading") return;
    let active = true;
    setLoading(true);
    (async () => {
      await ensureDefaults();
      if (status !== "authenticated") {
        const links = await fetchBotLinks().catch(() => null);
        if (active && links) setBots(links);
        if (active) setFormState((f) => applyDraft(f));
        return;
      }
      try {
        const loaded = await fetchIntegration();
        if (!active) return;
        setBots(loaded.bots);
        setVerification(loaded.username ? (loaded.verification ?? null) : null);
        setFormState(applyDraft(formFromIntegration(loaded)));
      } catch (error) {
        console.error("Failed to load the integration", error);
      }
    })().finally(() => {
      if (active) setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [status]);

  /** Sign-in check, validation and POST; resolves true when saved. */
  const persist = useCallback(
    async (unauthorized: string, failure: (error: unknown) => string): Promise<boolean> => {
      if (useAuthStore.getState().status !== "authenticated") {
        toast("yellow", unauthorized);
        openLogin();
        return false;
      }
      const problems = formErrors(form);
      const first = (["username", "initialPrompt"] as const).find((f) => problems[f]);
      setErrors(problems);
      if (first) {
        toast("red", problems[first] as string);
        document.getElementById(INTEGRATION_FIELD_IDS[first])?.focus();
        return false;
      }
      setSaving(true);
      try {
        const saved = await saveIntegration(integrationFromForm(form));
        setFormState(formFromIntegration(saved));
        setBots(saved.bots);
        setVerification(saved.verification ?? null);
        setSaves((n) => n + 1);
        return true;
      } catch (error) {
        console.error("Failed to save the integration", error);
        // 409: the username is verified by another account; the field says why.
        const claimed = error instanceof ApiRequestError && error.status === 409;
        if (claimed) setErrors({ username: serverMessageOf(error) ?? failure(error) });
        toast("red", failure(error));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [form, openLogin],
  );

  const save = useCallback(async () => {
    const ok = await persist(
      INTEGRATION_MESSAGES.authSave,
      (e) => serverMessageOf(e) ?? INTEGRATION_MESSAGES.saveFailed,
    );
    if (ok) toast("green", INTEGRATION_MESSAGES.saved);
  }, [persist]);

  const loadIntoOptimizer = useCallback(async () => {
    const ok = await persist(
      INTEGRATION_MESSAGES.authLoad,
      () => INTEGRATION_MESSAGES.saveBeforeLoadFailed,
    );
    if (!ok) return;
    try {
      await ensureDefaults();
      const load = optimizerLoadFromIntegration(form);
      useOptimizationStore.getState().update(load.settings);
      useSessionStore.getState().setOptimizationType("with_integration");
      useSingleRunStore.getState().loadPrompts(load.prompts, load.optimized);
      navigate("/home?optimizationType=with_integration");
    } catch (error) {
      console.error("Failed to load the integration into the optimizer", error);
      toast("red", INTEGRATION_MESSAGES.loadFailed);
    }
  }, [persist, form, navigate]);

  /**
   * 'Load latest optimization results': the optimizer's results when it
   * holds some, else the newest run of the history (so it works after a
   * reload). Each configuration gets its own model and temperature.
   */
  const loadLatest = useCallback(() => {
    const s = useOptimizationStore.getState();
    const run = useSingleRunStore.getState();
    const last = run.iterationResults.at(-1);
    const configs =
      run.optimizedPrompts.length > 0
        ? latestConfigs({
            initialPrompt: s.initialPrompt,
            botPrompt: s.botPrompt,
            selectedModel: s.selectedModel,
            temperature: s.temperature,
            optimizedPrompts: run.optimizedPrompts,
            optimizedModel: last?.model_name,
            optimizedTemperature: last?.temperature,
          })
        : latestRun
          ? integrationFromHistory(latestRun, { username: "", friends_usernames: [] })
          : null;
    if (!configs) return;
    setForm(withConfigs(form, configs));
    toast("blue", LATEST_LOADED);
  }, [form, latestRun, setForm]);

  /** After a rollback: the after-bot's configuration in the form becomes the version's. */
  const showServed = useCallback((config: SingleAgentConfig) => {
    setFormState((f) => ({ ...f, optiConfig: { ...config } }));
  }, []);

  return {
    form,
    setForm,
    saves,
    showServed,
    errors,
    bots,
    verification,
    loading,
    saving,
    save,
    loadIntoOptimizer,
    loadLatest,
    canLoadLatest: inMemoryResults || latestRun !== null,
  };
}
