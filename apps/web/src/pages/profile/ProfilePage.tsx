import { Card, Tabs, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { SectionSkeleton } from "../../components/SectionSkeleton";
import { loadChunk } from "../../lib/chunks";
import { ProfileTab } from "./ProfileTab";

/** The History tab (table, modals, mode select) is a chunk loaded when the tab is opened. */
const HistoryTab = lazy(() =>
  loadChunk("profile-history", () => import("./history/HistoryTab")).then((m) => ({
    default: m.HistoryTab,
  })),
);

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
        <Tabs.Panel value="profile" px={mobile ? 0 : "lg"} pt={mobile ? "md" : 0}>
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="history" px={mobile ? 0 : "lg"} pt={mobile ? "md" : 0}>
          <Suspense fallback={<SectionSkeleton label="Loading history" blocks={[48, 240]} />}>
            <HistoryTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
