import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DeferredSelect, selectedLabel } from "./deferred-inputs";

describe("selectedLabel", () => {
  it("finds the label of a value in plain, object and grouped options", () => {
    expect(selectedLabel(["a", "b"], "b")).toBe("b");
    expect(selectedLabel([{ value: "x", label: "Ex" }], "x")).toBe("Ex");
    expect(
      selectedLabel(
        [
          { group: "One", items: [{ value: "p", label: "Pe" }] },
          { group: "Two", items: ["q"] },
        ],
        "q",
      ),
    ).toBe("q");
    expect(selectedLabel(["a"], "missing")).toBe("");
    expect(selectedLabel(["a"], null)).toBe("");
  });
});

function Harness() {
  const [value, setValue] = useState<string | null>("gpt-4o");
  return (
    <MantineProvider>
      <DeferredSelect
        label="Model"
        data={[
          { value: "gpt-4o", label: "GPT-4o" },
          { value: "gpt-4.1", label: "GPT-4.1" },
        ]}
        value={value}
        onChange={setValue}
        data-testid="model"
      />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe("DeferredSelect", () => {
  it("shows a read-only stand-in with the value's label, then the real select", async () => {
    render(<Harness />);
    const standIn = screen.getByTestId("model") as HTMLInputElement;
    expect(standIn.value).toBe("GPT-4o");
    expect(standIn.readOnly).toBe(true);
    expect(standIn.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("combobox", { name: "Model" })).toBe(standIn);
    // The real select replaces it once its chunk has loaded.
    await waitFor(
      () => expect(screen.getByTestId("model").getAttribute("aria-disabled")).toBeNull(),
      { timeout: 5_000 },
    );
    expect((screen.getByTestId("model") as HTMLInputElement).value).toBe("GPT-4o");
  });

  it("opens the real select when the stand-in was clicked before it arrived", async () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId("model"));
    fireEvent.click(
      await screen.findByRole("option", { name: "GPT-4.1", hidden: true }, { timeout: 5_000 }),
    );
    expect(screen.getByTestId("value").textContent).toBe("gpt-4.1");
  });
});
