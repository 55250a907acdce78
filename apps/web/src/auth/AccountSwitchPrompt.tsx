import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import type { AccountSwitch, User } from "@promptune/contracts";
import { useState } from "react";
import { cancelAccountSwitch, confirmAccountSwitch, serverMessageOf } from "../api/auth";

/** Texts of the account-switch question. */
export const SWITCH_MESSAGES = {
  title: "Switch accounts?",
  failed: "The account could not be switched. Please try again.",
} as const;

/**
 * Asked when a sign-in link (or a Google sign-in) for another account opens
 * in a browser that is already signed in: shows both accounts and switches
 * only on "Switch to …" (a sign-in link anyone can send must not silently
 * replace the user's session). "Stay signed in as …" drops the pending switch.
 */
export function AccountSwitchPrompt({
  pending,
  onSwitched,
  onStayed,
}: {
  pending: AccountSwitch;
  onSwitched: (user: User) => void;
  onStayed: () => void;
}) {
  const [busy, setBusy] = useState<"switch" | "stay" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (kind: "switch" | "stay") => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === "switch") onSwitched(await confirmAccountSwitch(pending.switch_token));
      else {
        // Staying needs nothing from the server; dropping the switch is tidiness.
        await cancelAccountSwitch(pending.switch_token).catch(() => undefined);
        onStayed();
      }
    } catch (cause) {
      setError(serverMessageOf(cause) ?? SWITCH_MESSAGES.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="account-switch">
      <Title order={1} size="h3">
        {SWITCH_MESSAGES.title}
      </Title>
      <Text>
        You are signed in as{" "}
        <strong data-testid="account-switch-current">{pending.current_email}</strong>.
      </Text>
      <Text>
        This sign-in is for <strong data-testid="account-switch-incoming">{pending.email}</strong>.
        Switch only if you asked for it: a link someone else sent you would put you in their
        account.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button
        loading={busy === "switch"}
        disabled={busy !== null}
        onClick={() => void act("switch")}
      >
        Switch to {pending.email}
      </Button>
      <Button
        variant="default"
        loading={busy === "stay"}
        disabled={busy !== null}
        onClick={() => void act("stay")}
      >
        Stay signed in as {pending.current_email}
      </Button>
    </Stack>
  );
}
