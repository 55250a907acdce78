import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { parseCostCap, useCostCapStore } from "../stores/cost-cap";
import { CostCapInput } from "./CostCapInput";

afterEach(() => useCostCapStore.setState({ single: "", multi: "" }));

describe("parseCostCap", () => {
  it("reads an empty field as no cap and a positive amount as the cap", () => {
    expect(parseCostCap("")).toEqual({ ok: true, usd: null });
    expect(parseCostCap("  ")).toEqual({ ok: true, usd: null });
    expect(parseCostCap("2.5")).toEqual({ ok: true, usd: 2.5 });
    expect(parseCostCap("$ 0.75")).toEqual({ ok: true, usd: 0.75 });
    expect(parseCostCap(".5")).toEqual({ ok: true, usd: 0.5 });
  });

  it("refuses zero, negative, non-numeric and too large amounts with a reason", () => {
    expect(parseCostCap("0")).toEqual({ ok: false, error: "The cap must be above $0." });
    expect(parseCostCap("-1")).toMatchObject({ ok: false, error: expect.stringContaining("e.g.") });
    expect(parseCostCap("abc")).toMatchObject({ ok: false });
    expect(parseCostCap("1e3")).toMatchObject({ ok: false });
    expect(parseCostCap("100001")).toEqual({
      ok: false,
      error: "The cap can be at most $100,000.",
    });
  });
});

describe("CostCapInput", () => {
  it("keeps each page's text in the session store and shows why a bad amount is refused", () => {
    render(
      <MantineProvider>
        <CostCapInput mode="single" />
        <CostCapInput mode="multi" />
      </MantineProvider>,
    );
    const [single, multi] = screen.getAllByLabelText(/Stop at \(USD\)/) as HTMLInputElement[];
    fireEvent.change(single as HTMLInputElement, { target: { value: "0" } });
    expect(useCostCapStore.getState().single).toBe("0");
    expect(useCostCapStore.getState().multi).toBe("");
    expect(screen.getByText("The cap must be above $0.")).toBeTruthy();
    expect(single?.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(single as HTMLInputElement, { target: { value: "1.25" } });
    expect(screen.queryByText("The cap must be above $0.")).toBeNull();
    fireEvent.change(multi as HTMLInputElement, { target: { value: "x" } });
    expect(screen.getByText("Enter an amount in US dollars, e.g. 2.50.")).toBeTruthy();
  });
});
