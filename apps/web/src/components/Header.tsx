import { ActionIcon, Burger, Button, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { Link, useLocation, useNavigate } from "react-router";
import { CONFIGURE_SECTION_ID, scrollToId } from "../lib/scroll";
import { useAuthStore } from "../stores/auth";
import { useUiStore } from "../stores/ui";
import { LogoutIcon, UserIcon } from "./icons";
import { Logo } from "./Logo";

interface HeaderProps {
  /** Burger state; omitted in layouts without a sidebar. */
  navOpened?: boolean;
  onToggleNav?: () => void;
}

/** Top bar: logo, 'Optimize' link, and 'Sign in' or the profile menu. */
export function Header({ navOpened, onToggleNav }: HeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const openLogin = useUiStore((s) => s.openLogin);

  const goHome = () => {
    if (location.pathname !== "/") navigate("/");
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const goOptimize = () => {
    if (!scrollToId(CONFIGURE_SECTION_ID))
      navigate("/home", { state: { scrollTo: CONFIGURE_SECTION_ID } });
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleNav && (
          <Burger
            opened={navOpened ?? false}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
          />
        )}
        <UnstyledButton onClick={goHome} aria-label="Promptune home" data-testid="logo">
          <Logo />
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button variant="subtle" onClick={goOptimize} data-testid="optimize-link">
          Optimize
        </Button>
        {status === "authenticated" ? (
          <Menu position="bottom-end" shadow="md" width={220}>
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
              <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => void logout()}>
                Log out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button onClick={openLogin} disabled={status === "loading"} data-testid="sign-in">
            Sign in
          </Button>
        )}
      </Group>
    </Group>
  );
}
