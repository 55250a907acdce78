import "@mantine/core/styles.css";
import "./a11y.css";
import { MantineProvider } from "@mantine/core";
import { AppRouter } from "./router";
import { cssVariablesResolver, theme } from "./theme";

/** Root component: theme and the router (toasts mount with the global wrapper, see RootWrapper). */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <AppRouter />
    </MantineProvider>
  );
}
