import { Alert, Progress, Stack, Text } from "@mantine/core";
import type { LlmStatus } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { bannerOf, fetchLlmStatus, nextCheckMs } from "../api/llm-status";

/** Keeps the providers' status fresh, asking as often as `nextCheckMs` says. */
export function useLlmStatus(): LlmStatus | null {
  const [status, setStatus] = useState<LlmStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      let next: LlmStatus | null = null;
      try {
        next = await fetchLlmStatus(controller.signal);
        setStatus(next);
      } catch {
        if (controller.signal.aborted) return;
      }
      const delay = nextCheckMs(next);
      if (delay !== null && !controller.signal.aborted) timer = setTimeout(check, delay);
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return status;
}

/**
 * The banner above the optimizer pages while the local model downloads or
 * loads (with its percentage), or when it failed (with what to configure), so
 * a chat or run that waits for it never looks stuck.
 */
export function LlmStatusBanner() {
  const status = useLlmStatus();
  const banner = status ? bannerOf(status) : null;
  if (!banner) return null;
  if (banner.kind === "error") {
    return (
      <Alert color="red" title={banner.title} mb="md" role="alert" data-testid="llm-status-banner">
        <Text size="sm">{banner.text}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title={banner.title} mb="md" role="status" data-testid="llm-status-banner">
      <Stack gap="xs">
        <Text size="sm">{banner.text}</Text>
        {banner.percent !== null && (
          <Progress value={banner.percent} aria-label="Local model download" animated />
        )}
      </Stack>
    </Alert>
  );
}
