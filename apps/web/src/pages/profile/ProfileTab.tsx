import { Alert, Button, Checkbox, Group, Loader, Stack, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  MAX_COMPANY_CHARS,
  MAX_NAME_CHARS,
  NOTIFICATIONS,
  type Profile,
} from "@promptune/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { serverMessageOf } from "../../api/auth";
import { fetchProfile, saveProfile } from "../../api/profile";
import { useAuthStore } from "../../stores/auth";
import { useUiStore } from "../../stores/ui";

/** Toast texts of the profile form (spec §8). */
export const PROFILE_MESSAGES = {
  saved: "Profile saved successfully!",
  failed: "Failed to save profile",
} as const;

const EMPTY: Profile = { name: "", company_name: "", ready_to_contact: false };

/**
 * The Profile tab (spec §2): Name, Company Name (optional) and the contact
 * checkbox, loaded from GET /profile (a failure is only logged) and saved with
 * PUT /profile; the Save button reads 'Saving...' meanwhile and a 4-second
 * toast reports the result.
 */
export function ProfileTab() {
  const status = useAuthStore((s) => s.status);
  const updateUser = useAuthStore((s) => s.updateUser);
  const openLogin = useUiStore((s) => s.openLogin);
  const [form, setForm] = useState<Profile>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (status !== "authenticated") return;
    let active = true;
    setLoading(true);
    fetchProfile()
      .then((profile) => {
        if (active) setForm(profile);
      })
      .catch((error: unknown) => console.error("Failed to load profile", error))
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [status]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await saveProfile(form);
      setForm(saved);
      updateUser({ name: saved.name, company_name: saved.company_name });
      notifications.show({
        color: "green",
        message: PROFILE_MESSAGES.saved,
        autoClose: NOTIFICATIONS.profileAndIntegrationMs,
      });
    } catch (error) {
      notifications.show({
        color: "red",
        message: serverMessageOf(error) ?? PROFILE_MESSAGES.failed,
        autoClose: NOTIFICATIONS.profileAndIntegrationMs,
      });
    } finally {
      setSaving(false);
    }
  }

  if (status === "loading") return <Loader m="md" aria-label="Loading profile" />;
  if (status === "anonymous") {
    return (
      <Alert variant="light" title="You are not signed in" data-testid="profile-signed-out">
        <Stack gap="sm" align="flex-start">
          Sign in to see and edit your profile.
          <Button size="xs" onClick={openLogin}>
            Sign in
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={save} data-testid="profile-form">
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          Profile
        </Title>
        <TextInput
          label="Name"
          required
          maxLength={MAX_NAME_CHARS}
          autoComplete="name"
          value={form.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setForm((f) => ({ ...f, name }));
          }}
          disabled={loading}
        />
        <TextInput
          label="Company Name (optional)"
          maxLength={MAX_COMPANY_CHARS}
          autoComplete="organization"
          value={form.company_name}
          onChange={(e) => {
            const company_name = e.currentTarget.value;
            setForm((f) => ({ ...f, company_name }));
          }}
          disabled={loading}
        />
        <Checkbox
          label="I am interested in receiving communication from us"
          checked={form.ready_to_contact}
          onChange={(e) => {
            const ready_to_contact = e.currentTarget.checked;
            setForm((f) => ({ ...f, ready_to_contact }));
          }}
          disabled={loading}
        />
        <Group>
          <Button type="submit" disabled={saving || loading}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
