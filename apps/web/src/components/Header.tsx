import { Box, Burger, Button, Group, UnstyledButton } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useLocation, useNavigate } from "react-router";
import { preloadLoginModal } from "../auth/AuthGlobals";
import { loadChunk } from "../lib/chunks";
import { CONFIGURE_SECTION_ID, scrollToId } from "../lib/scroll";
import { useAuthStore } from "../stores/auth";
import { useUiStore } from "../stores/ui";
import { Logo } from "./Logo";

const ProfileMenu = lazy(() => loadChunk("profile-menu", () => import("./ProfileMenu")));

/** Keeps the profile icon's place while its chunk loads (no layout shift). */
const profileMenuPlaceholder = <Box w={34} h={34} aria-hidden="true" />;

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
            data-tour="nav-burger"
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
          <Suspense fallback={profileMenuPlaceholder}>
            <ProfileMenu />
          </Suspense>
        ) : (
          <Button
            onClick={openLogin}
            onPointerEnter={preloadLoginModal}
            onFocus={preloadLoginModal}
            disabled={status === "loading"}
            data-testid="sign-in"
          >
            Sign in
          </Button>
        )}
      </Group>
    </Group>
  );
}
