import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { NOTIFICATIONS } from "@promptune/contracts";
import { RouterProvider } from "react-router";
import { router } from "./router";
import { theme } from "./theme";

/** Root component: theme, notifications and the router. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications
        position="top-right"
        autoClose={NOTIFICATIONS.defaultMs}
        transitionDuration={NOTIFICATIONS.fadeMs}
      />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
