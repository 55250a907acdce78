import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { IterationsInput } from "./IterationsInput";

function Harness({ max = 10 }: { max?: number }) {
  const [value, setValue] = useState(4);
  return (
    <MantineProvider>
      <Notifications />
      <output data-testid="stored">{value}</output>
      <IterationsInput value={value} max={max} onChange={setValue} />
    </MantineProvider>
  );
}

const field = () => screen.getByLabelText("Iterations") as HTMLInputElement;
const stored = () => screen.getByTestId("stored").textContent;

describe("IterationsInput", () => {
  it("clamps above the maximum and shows the notice", async () => {
    render(<Harness max={8} />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: "12" } });
    expect(field().value).toBe("8");
    expect(stored()).toBe("8");
    expect(await screen.findByText("Maximum iterations limit is 8. Value set to 8.")).toBeTruthy();
  });

  it("becomes 1 on blur when emptied", () => {
    render(<Harness />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: "" } });
    expect(stored()).toBe("4");
    fireEvent.blur(field());
    expect(field().value).toBe("1");
    expect(stored()).toBe("1");
  });

  it("ignores a leading zero and keeps the previous text", () => {
    render(<Harness />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: "07" } });
    expect(field().value).toBe("4");
    expect(stored()).toBe("4");
  });

  it("stores a valid value as it is typed", () => {
    render(<Harness />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: "6" } });
    expect(stored()).toBe("6");
  });
});
