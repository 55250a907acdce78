import type { FeedbackRow } from "@promptune/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../auth/testing";
import { renderWithProviders } from "../../pages/multi-agent/testing";
import "../../test/font-loading";
import { FEEDBACK_REVIEW_TEXT, FeedbackReview } from "./FeedbackReview";

const row = (id: string, over: Partial<FeedbackRow> = {}): FeedbackRow => ({
  id,
  side: "after",
  mode: "single",
  dialog: [{ type: "human", content: `Question ${id}` }],
  reply: `Reply ${id}`,
  rating: "down",
  correction: null,
  note: null,
  reference: null,
  rubric: [],
  prompt_hash: "ab".repeat(32),
  model: "fixture-small",
  temperature: 0.3,
  rater: { role: "friend", username: "bob" },
  rated_at: "2026-11-24T10:00:00.000Z",
  ...over,
});

describe("FeedbackReview", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the rated replies, edits a reference and rubric, deletes a row and links the download", async () => {
    const rows = [
      row("r1", { rating: "up", reference: "Reply r1", rater: { role: "owner", username: null } }),
      row("r2", { note: "Is specific" }),
    ];
    const calls = installFakeApi({
      "GET /api/feedback/feedback-telegram/rows": () =>
        ok({ name: "feedback-telegram", title: "Feedback — Telegram bots", rows }),
      "PUT /api/feedback/feedback-telegram/rows/r2": () =>
        ok(row("r2", { reference: "Six croissants.", rubric: ["Gives a number"] })),
      "DELETE /api/feedback/feedback-telegram/rows/r1": () => ok({ deleted: "r1" }),
    });
    const changes: FeedbackRow[][] = [];
    renderWithProviders(
      <FeedbackReview name="feedback-telegram" onChange={(r) => changes.push(r)} />,
    );
    const cards = await screen.findAllByTestId("feedback-row");
    expect(cards).toHaveLength(2);
    expect(screen.getByText("2 rated replies · 1 with a reference")).toBeTruthy();
    expect(
      within(cards[1] as HTMLElement).getByText(FEEDBACK_REVIEW_TEXT.noReference),
    ).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/friend @bob/)).toBeTruthy();
    const link = screen.getByRole("link", { name: FEEDBACK_REVIEW_TEXT.download });
    expect(link.getAttribute("href")).toBe("/api/feedback/feedback-telegram/jsonl");

    const second = cards[1] as HTMLElement;
    fireEvent.change(within(second).getByLabelText(FEEDBACK_REVIEW_TEXT.reference), {
      target: { value: " Six croissants. " },
    });
    fireEvent.change(within(second).getByLabelText(FEEDBACK_REVIEW_TEXT.rubric), {
      target: { value: "Gives a number\n\n" },
    });
    fireEvent.click(within(second).getByRole("button", { name: FEEDBACK_REVIEW_TEXT.save }));
    expect(await within(second).findByText(FEEDBACK_REVIEW_TEXT.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      reference: "Six croissants.",
      rubric: ["Gives a number"],
    });
    expect(screen.getByText("2 rated replies · 2 with a reference")).toBeTruthy();

    fireEvent.click(
      within(cards[0] as HTMLElement).getByRole("button", { name: FEEDBACK_REVIEW_TEXT.delete }),
    );
    await waitFor(() => expect(screen.getAllByTestId("feedback-row")).toHaveLength(1));
    expect(changes.at(-1)?.map((r) => r.id)).toEqual(["r2"]);
  });

  it("says when there are no rows yet", async () => {
    installFakeApi({
      "GET /api/feedback/feedback-chat/rows": () =>
        ok({ name: "feedback-chat", title: "Feedback — web chats", rows: [] }),
    });
    renderWithProviders(<FeedbackReview name="feedback-chat" />);
    expect(await screen.findByText(FEEDBACK_REVIEW_TEXT.empty)).toBeTruthy();
  });
});
