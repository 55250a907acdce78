import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** Brand orange around #FB9205 (index 6 is the brand colour). */
const brand: MantineColorsTuple = [
  "#fff4e1",
  "#ffe8cc",
  "#fed09b",
  "#fdb764",
  "#fca238",
  "#fb951b",
  "#fb9205",
  "#df7e00",
  "#c77000",
  "#ad5f00",
];

/** Secondary blue around #2196F3 (the graphs' pending colour). */
const accent: MantineColorsTuple = [
  "#e3f2ff",
  "#cce1ff",
  "#9ac1fb",
  "#64a0f7",
  "#3984f4",
  "#1f73f3",
  "#2196f3",
  "#0058d9",
  "#004ec3",
  "#0043ad",
];

/** The one theme object of the app: calm cards, generous spacing, orange accent. */
export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 6, dark: 5 },
  colors: { brand, accent },
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Card: { defaultProps: { withBorder: true, radius: "lg", padding: "lg", shadow: "xs" } },
    Button: { defaultProps: { radius: "md" } },
  },
});
