import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { ApiToken } from "@promptune/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { serverMessageOf } from "../../api/auth";
import { createApiToken, fetchApiTokens, revokeApiToken } from "../../api/tokens";
import { useAuthStore } from "../../stores/auth";

/** Texts of the API tokens section. */
export const API_TOKEN_TEXTS = {
  title: "API tokens",
  intro:
    "Personal tokens let scripts, CI jobs and `promptune --server` act as you: send them as `Authorization: Bearer <token>`. Read tokens can only read; run tokens can also start runs and evals.",
  shownOnce: "Copy this token now: it is shown only once and cannot be recovered.",
  empty: "You have no API tokens.",
  loadFailed: "Could not load your API tokens.",
} as const;

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : "never";
}

/**
 * The Profile page's API tokens: the list (name, scopes, first characters,
 * created, last used) with Revoke, and a form creating a read, run or
 * deploy token (deploy: change what the Telegram after-bot serves) whose
 * text is shown once.
 */
export function ApiTokensSection() {
  const status = useAuthStore((s) => s.status);
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "run" | "deploy">("read");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const reload = useCallback(async () => {
    try {
      setTokens(await fetchApiTokens());
      setError(null);
    } catch (err) {
      setError(serverMessageOf(err) ?? API_TOKEN_TEXTS.loadFailed);
    }
  }, []);

  useEffect(() => {
    if (status === "authenticated") void reload();
  }, [status, reload]);

  if (status !== "authenticated") return null;

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await createApiToken({ name, scopes: [scope] });
      setCreated({ name: name.trim(), token: result.token });
      setName("");
      await reload();
    } catch (err) {
      setError(serverMessageOf(err) ?? "Could not create the token.");
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: ApiToken) {
    try {
      await revokeApiToken(token.id);
      await reload();
    } catch (err) {
      setError(serverMessageOf(err) ?? "Could not revoke the token.");
    }
  }

  return (
    <Stack gap="sm" maw={720} mt="xl" data-testid="api-tokens">
      <Title order={2} size="h3">
        {API_TOKEN_TEXTS.title}
      </Title>
      <Text size="sm" c="dimmed">
        {API_TOKEN_TEXTS.intro}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {created && (
        <Alert color="green" variant="light" title={`Token "${created.name}" created`}>
          <Stack gap="xs">
            <Text size="sm">{API_TOKEN_TEXTS.shownOnce}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-token-secret" style={{ wordBreak: "break-all" }}>
                {created.token}
              </Code>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? "Copied" : "Copy"}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Button size="xs" variant="subtle" onClick={() => setCreated(null)} w="fit-content">
              Done
            </Button>
          </Stack>
        </Alert>
      )}
      <form onSubmit={create}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Token name"
            placeholder="e.g. CI nightly"
            maxLength={60}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label="Token scope"
            value={scope}
            onChange={(v) => setScope(v === "run" || v === "deploy" ? v : "read")}
            data={[
              { value: "read", label: "Read" },
              { value: "run", label: "Read and run" },
              { value: "deploy", label: "Read and deploy" },
            ]}
          />
          <Button type="submit" disabled={busy || !name.trim()}>
            {busy ? "Creating..." : "Create token"}
          </Button>
        </Group>
      </form>
      {tokens.length === 0 ? (
        <Text size="sm">{API_TOKEN_TEXTS.empty}</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Token</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.name}</Table.Td>
                <Table.Td>{t.scopes.join(", ")}</Table.Td>
                <Table.Td>
                  <Code>{t.prefix}</Code>
                </Table.Td>
                <Table.Td>{when(t.created_at)}</Table.Td>
                <Table.Td>{when(t.last_used_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke ${t.name}`}
                    onClick={() => void revoke(t)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
