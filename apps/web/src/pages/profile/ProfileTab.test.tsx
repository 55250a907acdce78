import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, fail, installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { useUiStore } from "../../stores/ui";
import { PROFILE_MESSAGES, ProfileTab } from "./ProfileTab";

const stored = { name: "Ada", company_name: "Analytical Engines", ready_to_contact: false };

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "ada@example.com", name: "Ada", company_name: "Analytical Engines" },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe("ProfileTab", () => {
  it("loads the profile, saves the edited form and shows the 4-second success toast", async () => {
    let release: () => void = () => {};
    const calls = installFakeApi({
      "GET /api/profile": () => ok(stored),
      "PUT /api/profile": (call: FakeCall) =>
        new Promise((resolve) => {
          release = () => resolve(ok(call.body));
        }),
    });
    renderAt(<ProfileTab />, "/profile");
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Ada"));
    expect((screen.getByLabelText("Company Name (optional)") as HTMLInputElement).value).toBe(
      "Analytical Engines",
    );
    const consent = screen.getByLabelText(
      "I am interested in receiving communication from us",
    ) as HTMLInputElement;
    expect(consent.checked).toBe(false);

    fireEvent.change(name, { target: { value: "Ada Lovelace" } });
    fireEvent.change(screen.getByLabelText("Company Name (optional)"), { target: { value: "" } });
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const saving = await screen.findByRole("button", { name: "Saving..." });
    expect(saving.hasAttribute("disabled")).toBe(true);
    expect(calls.at(-1)).toMatchObject({
      method: "PUT",
      body: { name: "Ada Lovelace", company_name: "", ready_to_contact: true },
    });
    release();
    expect(await screen.findByText(PROFILE_MESSAGES.saved)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    expect(useAuthStore.getState().user).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      company_name: "",
    });
  });

  it("closes the toast after 4 seconds", async () => {
    installFakeApi({ "GET /api/profile": () => ok(stored), "PUT /api/profile": (c) => ok(c.body) });
    renderAt(<ProfileTab />, "/profile");
    await waitFor(() =>
      expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Ada"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(PROFILE_MESSAGES.saved);
    const shownAt = performance.now();
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.saved)).toBeNull(), {
      timeout: 6000,
    });
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(3900);
  }, 10_000);

  it("shows the server's message, else 'Failed to save profile'", async () => {
    installFakeApi({
      "GET /api/profile": () => ok(stored),
      "PUT /api/profile": () => fail(400, "Name must be at most 100 characters"),
    });
    renderAt(<ProfileTab />, "/profile");
    await waitFor(() =>
      expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Ada"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name must be at most 100 characters")).toBeTruthy();

    vi.restoreAllMocks();
    installFakeApi({ "PUT /api/profile": () => fail(500) });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(PROFILE_MESSAGES.failed)).toBeTruthy();
    expect(useAuthStore.getState().user?.name).toBe("Ada");
  });

  it("only logs a failed load", async () => {
    installFakeApi({ "GET /api/profile": () => fail(500, "boom") });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(<ProfileTab />, "/profile");
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith("Failed to load profile", expect.anything()),
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
    expect(screen.queryByText("boom")).toBeNull();
  });

  it("asks an anonymous visitor to sign in", () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    useUiStore.setState({ loginModalOpen: false });
    const calls = installFakeApi({});
    renderAt(<ProfileTab />, "/profile");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
