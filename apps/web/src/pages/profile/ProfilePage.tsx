import { Card, Tabs, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { HistoryTab } from "./history/HistoryTab";
import { ProfileTab } from "./ProfileTab";

/** The profile page (/profile): Profile and History tabs in a sidebar. */
export default function ProfilePage() {
  const mobile = useMediaQuery("(max-width: 767px)");
  return (
    <Card data-testid="profile-page">
      <Title order={2} mb="md">
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
          <HistoryTab />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
