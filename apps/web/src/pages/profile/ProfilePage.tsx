import { Card, Tabs, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { SectionSkeleton } from "../../components/SectionSkeleton";
import { loadChunk } from "../../lib/chunks";
import { ApiTokensSection } from "./ApiTokensSection";
import { ProfileTab } from "./ProfileTab";
import { UsagePanel } from "./UsagePanel";

/** The History tab (table, modals, mode select) is a chunk loaded when the tab is opened. */
const HistoryTab = lazy(() =>
  loadChunk("profile-history", () => import("./history/HistoryTab")).then((m) => ({
    default: m.HistoryTab,
  })),
);

/**
 * A tab panel is a flex item beside the vertical tab list: without a zero
 * minimum width a wide table stretches it past the card, which clips the
 * Actions column and scrolls sideways when a clipped button gets focus.
 */
const PANEL_STYLE = { flex: 1, minWidth: 0 } as const;

/** The profile page (/profile): Profile and History tabs in a sidebar. */
export default function ProfilePage() {
  const mobile = useMediaQuery("(max-width: 767px)");
  return (
    <Card data-testid="profile-page">
      <Title order={1} size="h2" mb="md">
        Your account
      </Title>
      <Tabs
        defaultValue="profile"
        orientation={mobile ? "horizontal" : "vertical"}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel
          value="profile"
          px={mobile ? 0 : "lg"}
          pt={mobile ? "md" : 0}
          style={PANEL_STYLE}
        >
          <ProfileTab />
          <UsagePanel />
          <ApiTokensSection />
        </Tabs.Panel>
        <Tabs.Panel
          value="history"
          px={mobile ? 0 : "lg"}
          pt={mobile ? "md" : 0}
          style={PANEL_STYLE}
        >
          <Suspense fallback={<SectionSkeleton label="Loading history" blocks={[48, 240]} />}>
            <HistoryTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
