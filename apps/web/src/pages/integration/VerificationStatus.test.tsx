import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/font-loading";
import { installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { initialSettings, useOptimizationStore } from "../../stores/optimization";
import IntegrationPage from "./IntegrationPage";

const bots = { before: "https://t.me/bakery_before_bot", after: "https://t.me/bakery_after_bot" };
const LINK = "https://t.me/bakery_before_bot?start=AbCdEfGhIjKlMnOpQrStUv";
const stored = {
  username: "@alice",
  friends_usernames: [],
  init_config: { model_name: "gpt-4o", prompt: "Be kind.", temperature: 0.4 },
  opti_config: { model_name: "gpt-4o", prompt: "", temperature: 0.4 },
  bots,
};
const INTEGRATION = "/api/telegram/integration";

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "a@example.com", name: "A", company_name: "" },
  });
  useOptimizationStore.setState({ ...initialSettings(), availableModels: ["gpt-4o"] });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe("Telegram username verification on the integration page", () => {
  it("says 'not verified' with the one-time link, then 'Verified' once the server says so", async () => {
    let verified = false;
    installFakeApi({
      [`GET ${INTEGRATION}`]: () =>
        ok({ ...stored, verification: { verified: false, link: LINK } }),
      [`POST ${INTEGRATION}`]: (c) =>
        ok({ ...(c.body as object), bots, verification: { verified, link: verified ? "" : LINK } }),
    });
    renderAt(<IntegrationPage />, "/integration");
    const box = await screen.findByTestId("telegram-verification");
    expect(box.textContent).toContain("Telegram username not verified");
    expect(box.textContent).toContain("the bots treat that Telegram account as a stranger");
    const link = within(box).getByTestId("telegram-verification-link");
    expect(link.getAttribute("href")).toBe(LINK);
    expect(link.getAttribute("rel")).toContain("noopener");

    verified = true;
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    await waitFor(() =>
      expect(screen.getByTestId("telegram-verification").textContent).toContain("Verified"),
    );
    expect(screen.queryByTestId("telegram-verification-link")).toBeNull();
  });

  it("shows nothing before an integration is saved", async () => {
    installFakeApi({
      [`GET ${INTEGRATION}`]: () =>
        ok({ ...stored, username: "", verification: { verified: false, link: "" } }),
    });
    renderAt(<IntegrationPage />, "/integration");
    await screen.findByRole("heading", { name: "Telegram Bot Integration" });
    await waitFor(() =>
      expect((screen.getByLabelText(/^Your Telegram Username/) as HTMLInputElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.queryByTestId("telegram-verification")).toBeNull();
  });
});
