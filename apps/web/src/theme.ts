import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Brand orange around #FB9205 (index 6 is the brand colour). The darkest
 * shade is the text colour of light variants (badges, the active sidebar
 * entry) and of links: dark enough for 4.5:1 on the pale orange and on white.
 */
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
  "#7a4300",
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
  // Text on filled components follows the fill's luminance: dark text on the
  // brand orange (9:1), white on darker fills — white on #FB9205 is only 2.3:1.
  autoContrast: true,
  components: {
    Card: { defaultProps: { withBorder: true, radius: "lg", padding: "lg", shadow: "xs" } },
    Button: { defaultProps: { radius: "md" } },
    // An explicit colour makes badges follow autoContrast (dark text on the orange).
    Badge: { defaultProps: { color: "brand" } },
    // Every dialog's close button gets a name for screen readers ("Dismiss": some dialogs
    // also have a "Close" button of their own).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Dismiss" } } },
    // Toasts: a named close button and a description in the (contrast-safe) dimmed colour.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Dismiss notification" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});

/**
 * Colour variables that differ from Mantine's defaults, for WCAG AA contrast
 * (4.5:1 for normal text): secondary ("dimmed") text, links, brand-coloured
 * text and light green surfaces. Mantine's light-scheme dimmed grey (#868e96)
 * is 3.3:1 on white and its links use the brand orange (2.3:1); the dark
 * scheme's dimmed grey is 4.0:1 on the body.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    "--mantine-color-anchor": "var(--mantine-color-brand-9)",
    // `c="brand"` text: the darkest brand shade (6.5:1 on white) instead of the fill colour.
    "--mantine-color-brand-text": "var(--mantine-color-brand-9)",
    // Light green surfaces (the completion alerts): Mantine's green-9 text is 3.8:1 on green-1.
    "--mantine-color-green-light-color": "#1e6b2f",
    // Placeholders: Mantine's gray-5 is 2.1:1 on white; this grey is 5:1 (issue 26 §3 item 16).
    "--mantine-color-placeholder": "#6b7177",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-placeholder": "var(--mantine-color-dark-1)",
  },
});
