import { AppShell, Container } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Header } from "../components/Header";
import { SectionSkeleton } from "../components/SectionSkeleton";

/** Layout of the profile page: the top bar without the sidebar. */
export function ProfileLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Suspense fallback={<SectionSkeleton label="Loading page" blocks={[420]} />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
