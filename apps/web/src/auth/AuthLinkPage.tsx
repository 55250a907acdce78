import { Center, Paper, Text, Title } from "@mantine/core";
import { Navigate, useSearchParams } from "react-router";
import { useAuthStore } from "../stores/auth";
import { LoginForm } from "./LoginForm";

/**
 * /auth/auth-link: the sign-in form as a page (for links that point here);
 * a `token` parameter goes on to the callback screen, and a signed-in user
 * goes home.
 */
export default function AuthLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  if (token) {
    return <Navigate to={`/auth/auth-link/callback?token=${encodeURIComponent(token)}`} replace />;
  }
  if (signedIn) return <Navigate to="/" replace />;
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={440} shadow="sm">
        <Title order={1} size="h2" mb={4}>
          Sign in
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          We will e-mail you a link that signs you in.
        </Text>
        <LoginForm />
      </Paper>
    </Center>
  );
}
