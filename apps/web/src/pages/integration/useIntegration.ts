import { notifications } from "@mantine/notifications";
import { type BotLinks, NOTIFICATIONS, type TelegramVerification } from "@promptune/contracts";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { serverMessageOf } from "../../api/auth";
import { fetchBotLinks, fetchIntegration, saveIntegration } from "../../api/integration";
import { useAuthStore } from "../../stores/auth";
import { ensureDefaults } from "../../stores/defaults-loader";
import { useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { useIntegrationDraftStore } from "./draft";
import {
  emptyForm,
  formFromIntegration,
  INTEGRATION_MESSAGES,
  type IntegrationForm,
  integrationFromForm,
  optimizerLoadFromIntegration,
  validateForm,
  withLatestResults,
} from "./rules";

const toast = (color: string, message: string) =>
  notifications.show({ color, message, autoClose: NOTIFICATIONS.profileAndIntegrationMs });

/** Applies a history draft's configurations over the loaded form (the connector part is kept). */
function applyDraft(form: IntegrationForm): IntegrationForm {
  const draft = useIntegrationDraftStore.getState().takeDraft();
  if (!draft) return form;
  toast(
    "blue",
    "The run's prompts are loaded. Enter your Telegram username and save the integration.",
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
  const [form, setForm] = useState<IntegrationForm>(emptyForm);
  const [bots, setBots] = useState<BotLinks>({ before: "", after: "" });
  const [verification, setVerification] = useState<TelegramVerification | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (status === "loading") return;
    let active = true;
    setLoading(true);
    (async () => {
      await ensureDefaults();
      if (status !== "authenticated") {
        const links = await fetchBotLinks().catch(() => null);
        if (active && links) setBots(links);
        if (active) setForm((f) => applyDraft(f));
        return;
      }
      try {
        const loaded = await fetchIntegration();
        if (!active) return;
        setBots(loaded.bots);
        setVerification(loaded.username ? (loaded.verification ?? null) : null);
        setForm(applyDraft(formFromIntegration(loaded)));
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
      const problem = validateForm(form);
      if (problem) {
        toast("red", problem);
        return false;
      }
      setSaving(true);
      try {
        const saved = await saveIntegration(integrationFromForm(form));
        setForm(formFromIntegration(saved));
        setBots(saved.bots);
        setVerification(saved.verification ?? null);
        return true;
      } catch (error) {
        console.error("Failed to save the integration", error);
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

  const loadLatest = useCallback(() => {
    const s = useOptimizationStore.getState();
    const run = useSingleRunStore.getState();
    setForm((f) =>
      withLatestResults(f, {
        initialPrompt: s.initialPrompt,
        botPrompt: s.botPrompt,
        selectedModel: s.selectedModel,
        optimizedPrompts: run.optimizedPrompts,
      }),
    );
  }, []);

  return {
    form,
    setForm,
    bots,
    verification,
    loading,
    saving,
    save,
    loadIntoOptimizer,
    loadLatest,
  };
}
