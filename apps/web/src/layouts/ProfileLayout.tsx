import { AppShell, Container } from "@mantine/core";
import { Outlet } from "react-router";
import { Header } from "../components/Header";

/** Layout of the profile page: the top bar without the sidebar. */
export function ProfileLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
