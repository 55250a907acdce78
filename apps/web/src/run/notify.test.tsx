import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { showRunFailure, showRunNotice } from "./notify";

function renderHost() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe("run failure toasts", () => {
  afterEach(() => act(() => notifications.clean()));

  it("show the plain sentence and fold the detail and request id behind Details", async () => {
    renderHost();
    act(() =>
      showRunFailure("Optimization failed. Please try again.", {
        message: "The server or the model provider ran into a problem.",
        detail: 'The LLM provider failed for "m" (HTTP 500) after 9 attempts.',
        requestId: "req-1",
      }),
    );
    const toast = (await screen.findByText("Optimization failed. Please try again.")).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(
      within(toast).getByText("The server or the model provider ran into a problem."),
    ).toBeTruthy();
    const details = within(toast).getByTestId("error-details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(within(details).getByText("Details").tagName).toBe("SUMMARY");
    expect(details.querySelector("code")?.textContent).toBe(
      'The LLM provider failed for "m" (HTTP 500) after 9 attempts.',
    );
    expect(within(details).getByText("Request id: req-1")).toBeTruthy();
    fireEvent.click(within(details).getByText("Details"));
    expect(details.open).toBe(true);
  });

  it("show no Details for a failure without detail or request id", async () => {
    renderHost();
    act(() =>
      showRunFailure("Optimization failed. Please try again.", {
        message: "Optimization was cancelled.",
      }),
    );
    expect(await screen.findByText("Optimization was cancelled.")).toBeTruthy();
    expect(screen.queryByTestId("error-details")).toBeNull();
  });
});

describe("run notice toasts", () => {
  afterEach(() => act(() => notifications.clean()));

  it("say why a run stopped early", async () => {
    renderHost();
    act(() => showRunNotice("Stopped early: Your daily budget of 5 model calls is used up."));
    const toast = (await screen.findByText("Optimization stopped early")).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(
      within(toast).getByText("Stopped early: Your daily budget of 5 model calls is used up."),
    ).toBeTruthy();
  });
});
