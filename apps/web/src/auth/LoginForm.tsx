import { Alert, Button, Divider, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import {
  fetchAuthProviders,
  fetchGoogleAuthUrl,
  requestAuthLink,
  serverMessageOf,
} from "../api/auth";
import { prepareAuthorizationUrl } from "./pkce";

/** Fallback messages of the sign-in form (spec §8). */
export const LOGIN_MESSAGES = {
  linkFailed: "Error occurred while sending link",
  googleUrlFailed: "Error getting authorization URL",
  googleStartFailed: "Error initiating Google OAuth",
} as const;

type Phase = "form" | "sending" | "sent";

/** Leaves the page for the provider; a function so tests can observe it. */
export const redirectTo = {
  assign: (url: string) => window.location.assign(url),
};

function GoogleMark() {
  return (
    <svg width={18} height={18} viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Whether to offer 'Continue with Google': yes unless the server says it has
 * no Google sign-in (issue 26 §3 item 11); a failed check keeps the button.
 */
function useGoogleOffered(): boolean {
  const [offered, setOffered] = useState(true);
  useEffect(() => {
    let active = true;
    fetchAuthProviders().then(
      (p) => active && setOffered(p.google),
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  return offered;
}

/**
 * The sign-in form (spec §2): an e-mail field with 'Sign in via email' (magic
 * link) and 'Continue with Google' (PKCE redirect). After sending it shows the
 * spec's three confirmation texts; failures show the server's message or the
 * spec's fallback.
 */
export function LoginForm() {
  const [email, setEmail] = useState("");
  const [phase, setPhase] = useState<Phase>("form");
  const [error, setError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  const googleOffered = useGoogleOffered();

  async function sendLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPhase("sending");
    try {
      await requestAuthLink(email.trim());
      setPhase("sent");
    } catch (err) {
      setError(serverMessageOf(err) ?? LOGIN_MESSAGES.linkFailed);
      setPhase("form");
    }
  }

  async function continueWithGoogle() {
    setError(null);
    setGoogleBusy(true);
    let authUrl: string;
    try {
      authUrl = await fetchGoogleAuthUrl();
    } catch (err) {
      setError(serverMessageOf(err) ?? LOGIN_MESSAGES.googleUrlFailed);
      setGoogleBusy(false);
      return;
    }
    try {
      redirectTo.assign(await prepareAuthorizationUrl(authUrl));
    } catch (err) {
      console.error("Google OAuth could not start", err);
      setError(LOGIN_MESSAGES.googleStartFailed);
      setGoogleBusy(false);
    }
  }

  if (phase === "sent") {
    return (
      <Stack align="center" gap="xs" py="md" data-testid="login-sent">
        <ThemeIcon size={56} radius="xl" variant="light">
          <svg
            width={28}
            height={28}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <title>E-mail</title>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </ThemeIcon>
        <Title order={3}>Magic Link Sent!</Title>
        <Text ta="center">Check your email and follow the link to sign in.</Text>
        <Text ta="center" size="sm" c="dimmed">
          Didn't get it? Check spam or Promotions folder.
        </Text>
        <Button variant="subtle" size="xs" mt="sm" onClick={() => setPhase("form")}>
          Use a different email
        </Button>
      </Stack>
    );
  }

  const sending = phase === "sending";
  return (
    <Stack gap="md">
      <form onSubmit={sendLink} data-testid="login-form">
        <Stack gap="sm">
          <TextInput
            type="email"
            label="Email"
            placeholder="you@example.com"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={sending}
            data-autofocus
          />
          <Button type="submit" loading={sending} disabled={googleBusy} fullWidth>
            Sign in via email
          </Button>
        </Stack>
      </form>
      {googleOffered && (
        <>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            leftSection={<GoogleMark />}
            onClick={() => void continueWithGoogle()}
            loading={googleBusy}
            disabled={sending}
            fullWidth
          >
            Continue with Google
          </Button>
        </>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
