import { Alert, Modal } from "@mantine/core";
import { useEffect } from "react";
import { useOpenAfterMount } from "../lib/deferred";
import { useAuthStore } from "../stores/auth";
import { useUiStore } from "../stores/ui";
import { LoginForm } from "./LoginForm";

/** Shown in the sign-in modal when a call found the session gone. */
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

/**
 * The sign-in modal, opened through the ui store (header 'Sign in', pages that
 * need a session). It closes itself once the user is signed in; the form
 * starts fresh on every opening.
 */
export function LoginModal() {
  const opened = useUiStore((s) => s.loginModalOpen);
  const close = useUiStore((s) => s.closeLogin);
  const expired = useUiStore((s) => s.loginReason === "session-expired");
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const shown = useOpenAfterMount(opened);

  useEffect(() => {
    if (signedIn && opened) close();
  }, [signedIn, opened, close]);

  return (
    <Modal opened={shown} onClose={close} title="Sign in" centered radius="lg" padding="xl">
      {opened && expired && (
        <Alert color="yellow" variant="light" mb="md" data-testid="session-expired">
          {SESSION_EXPIRED_MESSAGE}
        </Alert>
      )}
      {opened && <LoginForm />}
    </Modal>
  );
}
