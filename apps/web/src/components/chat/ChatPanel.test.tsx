import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../api/chat";
import "../../test/font-loading";
import { ChatPanel, type ChatPanelProps } from "./ChatPanel";
import { emitClearChats } from "./events";
import { useChatSession } from "./useChatSession";

function renderPanel(props: Partial<ChatPanelProps> = {}) {
  const onSend = vi.fn();
  render(
    <MantineProvider>
      <ChatPanel
        title="Before Optimization"
        messages={[]}
        loading={false}
        disabled={false}
        placeholder="Type your message..."
        onSend={onSend}
        onClear={() => {}}
        {...props}
      />
    </MantineProvider>,
  );
  return {
    onSend,
    input: screen.getByPlaceholderText(props.placeholder ?? "Type your message..."),
  };
}

describe("ChatPanel", () => {
  it("sends trimmed text on Enter and clears the input; Shift+Enter does not send", () => {
    const { onSend, input } = renderPanel();
    fireEvent.change(input, { target: { value: "  hello  " } });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("hello");
    expect((input as HTMLTextAreaElement).value).toBe("");
  });

  it("does not send blank text", () => {
    const { onSend, input } = renderPanel();
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect(
      screen.getByRole("button", { name: "Send message to Before Optimization" }),
    ).toHaveProperty("disabled", true);
  });

  it("disables input and sending when disabled, with the placeholder given", () => {
    const { input } = renderPanel({ disabled: true, placeholder: "Complete optimization first" });
    expect(input).toHaveProperty("disabled", true);
  });

  it("shows loading dots and the reasoning toggle of bot messages", async () => {
    const messages: ChatMessage[] = [
      { id: "1", text: "hi", sender: "user" },
      {
        id: "2",
        text: "**Answer**",
        sender: "bot",
        intermediateMessages: [{ name: "Coordinator", content: "plan" }],
      },
    ];
    renderPanel({ messages, loading: true });
    expect(screen.getByTestId("loading-dots")).toBeTruthy();
    const toggle = screen.getByRole("button", { name: "Show Reasoning Process" });
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide Reasoning Process" })).toBeTruthy();
    // The markdown renderer is a lazy chunk: plain text first, then rendered markdown.
    await waitFor(() => expect(screen.getByText("Answer").tagName).toBe("STRONG"), {
      timeout: 10_000,
    });
  });
});

function SessionHarness({ reply }: { reply: Parameters<typeof useChatSession>[0] }) {
  const chat = useChatSession(reply);
  return (
    <MantineProvider>
      <ChatPanel
        title="After Optimization"
        messages={chat.messages}
        loading={chat.loading}
        disabled={false}
        placeholder="Type your message..."
        onSend={chat.send}
        onClear={chat.clear}
      />
    </MantineProvider>
  );
}

describe("useChatSession", () => {
  it("appends the user message, then the reply; a failure becomes the error message", async () => {
    const reply = vi
      .fn()
      .mockResolvedValueOnce({ id: "b1", text: "Answer: hi", sender: "bot" })
      .mockRejectedValueOnce(new Error("down"));
    render(<SessionHarness reply={reply} />);
    const input = screen.getByPlaceholderText("Type your message...");
    fireEvent.change(input, { target: { value: "hi" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByText("hi")).toBeTruthy();
    await screen.findByText("Answer: hi");
    expect(reply.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ text: "hi", sender: "user" }),
    ]);
    fireEvent.change(input, { target: { value: "again" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await screen.findByText("Sorry, I encountered an error. Please try again.");
  });

  it("empties on the window event clearChats", async () => {
    const reply = vi.fn().mockResolvedValue({ id: "b", text: "Answer: x", sender: "bot" });
    render(<SessionHarness reply={reply} />);
    const input = screen.getByPlaceholderText("Type your message...");
    fireEvent.change(input, { target: { value: "x" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await screen.findByText("Answer: x");
    act(() => emitClearChats());
    expect(screen.queryByText("Answer: x")).toBeNull();
    expect(screen.queryByText("x")).toBeNull();
  });
});
