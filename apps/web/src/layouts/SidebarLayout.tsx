import { AppShell, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense, useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Header } from "../components/Header";
import { IntegrationIcon, MultiAgentIcon, SingleAgentIcon } from "../components/icons";
import { LlmStatusBanner } from "../components/LlmStatusBanner";
import { SectionSkeleton } from "../components/SectionSkeleton";
import { MAIN_CONTENT_ID, SkipLink } from "../components/SkipLink";
import { scrollToIdWhenReady } from "../lib/scroll";

const NAV = [
  { label: "Multi-Agent", to: "/", icon: MultiAgentIcon, match: ["/", "/multi-agent"] },
  { label: "Single-Agent", to: "/home", icon: SingleAgentIcon, match: ["/home"] },
  { label: "Integration", to: "/integration", icon: IntegrationIcon, match: ["/integration"] },
];

/** Pages with the sidebar (Multi-Agent, Single-Agent, Integration) and the top bar. */
export function SidebarLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  // Close the mobile menu on navigation; honour a requested scroll target.
  useEffect(() => {
    close();
    const target = (location.state as { scrollTo?: string } | null)?.scrollTo;
    if (target) scrollToIdWhenReady(target);
  }, [location, close]);

  // Escape closes the mobile menu (issue 26 §3 item 10) and gives focus back to the burger.
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      document.querySelector<HTMLElement>('[data-tour="nav-burger"]')?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [opened, close]);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Header navOpened={opened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" data-testid="sidebar" data-tour="sidebar">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pb={4}>
              Optimizers
            </Text>
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} />}
                active={item.match.includes(location.pathname)}
                variant="light"
                style={{ borderRadius: "var(--mantine-radius-md)" }}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: "none" }}>
          <LlmStatusBanner />
          <Suspense fallback={<SectionSkeleton label="Loading page" blocks={[280, 520]} />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
