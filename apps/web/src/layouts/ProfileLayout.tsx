import { AppShell, Container } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Header } from "../components/Header";
import { SectionSkeleton } from "../components/SectionSkeleton";
import { MAIN_CONTENT_ID, SkipLink } from "../components/SkipLink";

/** Layout of the profile page: the top bar without the sidebar. */
export function ProfileLayout() {
  return (
    <>
      <SkipLink />
      <AppShell header={{ height: 60 }} padding="md">
        <AppShell.Header>
          <Header />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: "none" }}>
          <Container size="lg" px={0}>
            <Suspense fallback={<SectionSkeleton label="Loading page" blocks={[420]} />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
