import { ActionIcon, Menu, Text } from "@mantine/core";
import { Link } from "react-router";
import { useAuthStore } from "../stores/auth";
import { DatasetIcon, LogoutIcon, UserIcon } from "./icons";

/**
 * The signed-in user's menu in the top bar: 'Profile', 'Datasets' and 'Log out'. A chunk
 * of its own (the menu's popover code is not needed for a signed-out first paint).
 */
export default function ProfileMenu() {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  return (
    <Menu position="bottom-end" shadow="md" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="light"
          size="lg"
          radius="xl"
          aria-label="Profile menu"
          data-testid="profile-menu"
        >
          <UserIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="xs" truncate="end">
              {user.name || user.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<UserIcon size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/datasets" leftSection={<DatasetIcon size={16} />}>
          Datasets
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
