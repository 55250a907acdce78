import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";

/** What the user chose: 👍, or 👎 with an optional correction and note. */
export type RatingChoice =
  | { rating: "up" }
  | { rating: "down"; correction?: string; note?: string };

/** Texts of the rating controls. */
export const RATING_TEXT = {
  good: "Good reply",
  bad: "Bad reply",
  correction: "What should it have said?",
  note: "Note (optional): what makes a good reply here",
  send: "Send feedback",
  skip: "Skip",
  thanksGood: "Rated 👍 — thank you!",
  thanksBad: "Rated 👎 — thank you!",
  failed: "Could not save the rating. Please try again.",
} as const;

type Phase = "idle" | "explaining" | "saving" | "up" | "down";

/**
 * 👍/👎 under a bot reply (issue 25, item 1). 👍 saves at once; 👎 opens an
 * optional "what should it have said?" box and a note, saved with "Send
 * feedback" (or without them with "Skip"). Each reply is rated once.
 */
export function RatingControls({ onRate }: { onRate(choice: RatingChoice): Promise<void> }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [correction, setCorrection] = useState("");
  const [note, setNote] = useState("");
  const [failed, setFailed] = useState(false);

  const save = async (choice: RatingChoice, previous: Phase) => {
    setPhase("saving");
    setFailed(false);
    try {
      await onRate(choice);
      setPhase(choice.rating);
    } catch {
      setFailed(true);
      setPhase(previous);
    }
  };
  const sendDown = (withText: boolean) => {
    const choice: RatingChoice = { rating: "down" };
    if (withText && correction.trim()) choice.correction = correction.trim();
    if (withText && note.trim()) choice.note = note.trim();
    void save(choice, "explaining");
  };

  if (phase === "up" || phase === "down") {
    return (
      <Text size="xs" c="dimmed" role="status">
        {phase === "up" ? RATING_TEXT.thanksGood : RATING_TEXT.thanksBad}
      </Text>
    );
  }
  const busy = phase === "saving";
  return (
    <Stack gap={6} mt={4}>
      <Group gap={4}>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={RATING_TEXT.good}
          disabled={busy}
          onClick={() => void save({ rating: "up" }, "idle")}
        >
          <span aria-hidden="true">👍</span>
        </ActionIcon>
        <ActionIcon
          variant={phase === "explaining" ? "light" : "subtle"}
          size="sm"
          aria-label={RATING_TEXT.bad}
          aria-pressed={phase === "explaining"}
          disabled={busy}
          onClick={() => setPhase("explaining")}
        >
          <span aria-hidden="true">👎</span>
        </ActionIcon>
      </Group>
      {(phase === "explaining" || (busy && correction + note !== "")) && (
        <Stack gap={6}>
          <Textarea
            size="xs"
            autosize
            minRows={2}
            maxRows={6}
            label={RATING_TEXT.correction}
            value={correction}
            disabled={busy}
            onChange={(e) => setCorrection(e.currentTarget.value)}
          />
          <TextInput
            size="xs"
            label={RATING_TEXT.note}
            value={note}
            disabled={busy}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group gap="xs">
            <Button size="compact-xs" onClick={() => sendDown(true)} disabled={busy}>
              {RATING_TEXT.send}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => sendDown(false)}
              disabled={busy}
            >
              {RATING_TEXT.skip}
            </Button>
          </Group>
        </Stack>
      )}
      {failed && (
        <Text size="xs" c="red" role="alert">
          {RATING_TEXT.failed}
        </Text>
      )}
    </Stack>
  );
}
