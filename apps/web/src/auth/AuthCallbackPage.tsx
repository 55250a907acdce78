import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { type AccountSwitch, LAYOUT, type SignInResult, type User } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { completeAuthLink, isAccountSwitch, serverMessageOf } from "../api/auth";
import { useAuthStore } from "../stores/auth";
import { AccountSwitchPrompt } from "./AccountSwitchPrompt";

/** Messages of the callback screen (spec §8). */
export const CALLBACK_MESSAGES = {
  /** 'Authorization token not found' — the spec keeps this one in Russian. */
  missingToken: "Токен авторизации не найден",
  failed: "Authorization error",
} as const;

type Phase =
  | { kind: "loading" }
  | { kind: "success" }
  | { kind: "switch"; pending: AccountSwitch }
  | { kind: "error"; message: string };

/** One request per token, so a re-mounted screen never spends a single-use link twice. */
const requests = new Map<string, Promise<SignInResult>>();
function signInWithToken(token: string): Promise<SignInResult> {
  let request = requests.get(token);
  if (!request) {
    request = completeAuthLink(token);
    requests.set(token, request);
  }
  return request;
}

/**
 * /auth/auth-link/callback?token=…: signs in with the magic link's token.
 * Loading, then 'Authorization Successful!' and a redirect to / after 2 s, or
 * 'Authorization Error' with 'Back to Home'. In a browser signed in to a
 * different account it first asks whether to switch (AccountSwitchPrompt).
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const [phase, setPhase] = useState<Phase>(() =>
    token ? { kind: "loading" } : { kind: "error", message: CALLBACK_MESSAGES.missingToken },
  );

  useEffect(() => {
    if (!token) {
      setPhase({ kind: "error", message: CALLBACK_MESSAGES.missingToken });
      return;
    }
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPhase({ kind: "loading" });
    signInWithToken(token).then(
      (result) => {
        if (isAccountSwitch(result)) {
          // Signed in to another account: nothing switches until the user says so.
          if (active) setPhase({ kind: "switch", pending: result });
          return;
        }
        login(result);
        if (!active) return;
        setPhase({ kind: "success" });
        timer = setTimeout(() => navigate("/", { replace: true }), LAYOUT.callbackRedirectMs);
      },
      (error: unknown) => {
        if (active)
          setPhase({ kind: "error", message: serverMessageOf(error) ?? CALLBACK_MESSAGES.failed });
      },
    );
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [token, login, navigate]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper
        withBorder
        radius="lg"
        p="xl"
        w="100%"
        maw={440}
        shadow="sm"
        data-testid="auth-callback"
      >
        {phase.kind === "loading" && (
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Title order={1} size="h3">
              Signing you in...
            </Title>
            <Text c="dimmed" size="sm">
              Checking your sign-in link.
            </Text>
          </Stack>
        )}
        {phase.kind === "switch" && (
          <AccountSwitchPrompt
            pending={phase.pending}
            onSwitched={(user: User) => {
              login(user);
              setPhase({ kind: "success" });
              setTimeout(() => navigate("/", { replace: true }), LAYOUT.callbackRedirectMs);
            }}
            onStayed={() => navigate("/", { replace: true })}
          />
        )}
        {phase.kind === "success" && (
          <Stack align="center" gap="sm" role="status">
            <StatusIcon color="green" title="Success" path="m5 12 5 5L20 7" />
            <Title order={1} size="h3">
              Authorization Successful!
            </Title>
            <Text c="dimmed" size="sm">
              Redirecting you to the app...
            </Text>
          </Stack>
        )}
        {phase.kind === "error" && (
          <Stack align="center" gap="sm" role="alert">
            <StatusIcon color="red" title="Error" path="M18 6 6 18M6 6l12 12" />
            <Title order={1} size="h3">
              Authorization Error
            </Title>
            <Text ta="center" data-testid="auth-callback-error">
              {phase.message}
            </Text>
            <Button mt="sm" onClick={() => navigate("/", { replace: true })}>
              Back to Home
            </Button>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

/** The round success/error mark of the callback screen. */
function StatusIcon({ color, title, path }: { color: string; title: string; path: string }) {
  return (
    <ThemeIcon color={color} size={56} radius="xl" variant="light">
      <svg
        width={28}
        height={28}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
      >
        <title>{title}</title>
        <path d={path} />
      </svg>
    </ThemeIcon>
  );
}
