import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../api/chat";
import classes from "./chat.module.css";
import { LazyMarkdown } from "./LazyMarkdown";
import { LoadingDots } from "./LoadingDots";
import { type RatingChoice, RatingControls } from "./RatingControls";
import { ReasoningSection } from "./ReasoningSection";

/** Props of one chat panel. */
export interface ChatPanelProps {
  title: string;
  messages: readonly ChatMessage[];
  loading: boolean;
  /** Disables the input and the send button. */
  disabled: boolean;
  placeholder: string;
  /** Called with the typed text (trimmed, non-empty) on Enter or the send button. */
  onSend(text: string): void;
  onClear(): void;
  /** Extra header content, e.g. an iteration selector. */
  headerSlot?: ReactNode;
  /** Shown while there are no messages. */
  emptyText?: string;
  /** Rates a bot reply (👍/👎 under each reply that can be rated); no buttons without it. */
  onRate?(message: ChatMessage, choice: RatingChoice): Promise<void>;
  testId?: string;
}

function SendIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" />
    </svg>
  );
}

/** One message bubble: user text as typed, bot text as markdown (+ reasoning, + rating buttons). */
function MessageBubble({
  message,
  onRate,
}: {
  message: ChatMessage;
  onRate: ChatPanelProps["onRate"];
}) {
  if (message.sender === "user") {
    return (
      <Box className={classes.user} data-sender="user">
        {message.text}
      </Box>
    );
  }
  return (
    <Box className={message.error ? classes.error : classes.bot} data-sender="bot">
      <LazyMarkdown>{message.text}</LazyMarkdown>
      {message.intermediateMessages && message.intermediateMessages.length > 0 && (
        <ReasoningSection messages={message.intermediateMessages} />
      )}
      {onRate && !message.error && message.rating && (
        <RatingControls onRate={(choice) => onRate(message, choice)} />
      )}
    </Box>
  );
}

/**
 * A chat panel: title, optional header slot, clear button, message list
 * (markdown bot replies, loading dots), and an input whose Enter key sends
 * (Shift+Enter adds a line) next to a send button.
 */
export function ChatPanel(props: ChatPanelProps) {
  const [draft, setDraft] = useState("");
  const viewport = useRef<HTMLDivElement>(null);
  const { messages, loading } = props;

  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message or loading change
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (typeof el.scrollTo === "function")
      el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
    else el.scrollTop = el.scrollHeight;
  }, [messages.length, loading]);

  const canSend = !props.disabled && !loading && draft.trim().length > 0;
  const submit = () => {
    if (!canSend) return;
    props.onSend(draft.trim());
    setDraft("");
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid={props.testId}
      style={{ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 }}
    >
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Title order={3} fz="md">
          {props.title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {props.headerSlot}
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={props.onClear}
            aria-label={`Clear ${props.title} chat`}
            disabled={messages.length === 0 && !loading}
          >
            Clear
          </Button>
        </Group>
      </Group>
      <ScrollArea
        h={340}
        viewportRef={viewport}
        type="auto"
        offsetScrollbars
        className={classes.log}
        style={{ borderRadius: "var(--mantine-radius-md)" }}
      >
        <Stack gap={8} p="sm" role="log" aria-live="polite" aria-label={`${props.title} messages`}>
          {messages.length === 0 && !loading && (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {props.emptyText ?? "No messages yet."}
            </Text>
          )}
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} onRate={props.onRate} />
          ))}
          {loading && <LoadingDots />}
        </Stack>
      </ScrollArea>
      <Group gap="xs" mt="sm" wrap="nowrap" align="flex-end">
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={4}
          value={draft}
          disabled={props.disabled}
          placeholder={props.placeholder}
          aria-label={`Message to ${props.title}`}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <ActionIcon
          size={36}
          radius="md"
          onClick={submit}
          disabled={!canSend}
          aria-label={`Send message to ${props.title}`}
        >
          <SendIcon />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
