import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { type ExportedConfiguration, exportFileName, exportText, saveTextFile } from "./export";

/** Props of the actions under a configuration. */
export interface ConfigurationActionsProps {
  config: ExportedConfiguration;
  /** What 'Copy' puts on the clipboard (default: the prompt). */
  copyText?: string;
  /** 'Use as starting prompt': the configuration becomes the optimizer's input. */
  onUseAsStart?(): void;
  /** 'Use this configuration': hands it on (e.g. to the Telegram integration). */
  onUse?(): void;
  /** The presented configuration: its 'Use this configuration' is the primary action. */
  presented?: boolean;
  /** More actions after 'Use as starting prompt' (e.g. 'Deploy to after-bot'). */
  extra?: ReactNode;
  testId?: string;
}

/** Puts text on the clipboard, falling back to a hidden textarea where the API is missing. */
async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

/**
 * Acting on a result (issue 26 §3 items 13–14): copy the prompt, export the
 * configuration as JSON, use it as the new starting prompt, and 'Use this
 * configuration' on any iteration (the presented one's is the primary button).
 */
export function ConfigurationActions({
  config,
  copyText,
  onUseAsStart,
  onUse,
  presented = false,
  extra,
  testId,
}: ConfigurationActionsProps) {
  const copy = async () => {
    try {
      await copyToClipboard(copyText ?? config.prompt);
      notifications.show({ color: "green", message: "Copied to the clipboard.", autoClose: 3000 });
    } catch {
      notifications.show({ color: "red", message: "Could not copy. Select the text instead." });
    }
  };
  return (
    <Group gap={6} data-testid={testId}>
      {onUse && (
        <Button
          size="compact-sm"
          variant={presented ? "filled" : "light"}
          onClick={onUse}
          data-presented={presented || undefined}
        >
          Use this configuration
        </Button>
      )}
      {onUseAsStart && (
        <Button size="compact-sm" variant="light" onClick={onUseAsStart}>
          Use as starting prompt
        </Button>
      )}
      {extra}
      <Button size="compact-sm" variant="default" onClick={() => void copy()}>
        Copy
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() =>
          saveTextFile(exportFileName(config.label), "application/json", exportText(config))
        }
      >
        Export
      </Button>
    </Group>
  );
}
