import { Progress, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { BudgetPeriod, UsageReport } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { fetchUsage } from "../../api/profile";
import { useAuthStore } from "../../stores/auth";

/** The rows of the usage table: what is counted and how it is shown. */
const ROWS = [
  {
    label: "Model calls",
    used: (p: BudgetPeriod) => p.used.calls,
    limit: (p: BudgetPeriod) => p.limits.calls,
    money: false,
  },
  {
    label: "Tokens",
    used: (p: BudgetPeriod) => p.used.tokens,
    limit: (p: BudgetPeriod) => p.limits.tokens,
    money: false,
  },
  {
    label: "Cost",
    used: (p: BudgetPeriod) => p.used.cost_usd,
    limit: (p: BudgetPeriod) => p.limits.cost_usd,
    money: true,
  },
] as const;

/** "1,234" or "$1.23". */
function amount(value: number, money: boolean): string {
  return money ? `$${value.toFixed(2)}` : Math.round(value).toLocaleString("en-US");
}

/** "12 of 5,000" or "12 (no limit)". */
export function usageText(used: number, limit: number | null, money: boolean): string {
  return limit === null
    ? `${amount(used, money)} (no limit)`
    : `${amount(used, money)} of ${amount(limit, money)}`;
}

/** Share of a limit used, 0–100 (0 without a limit). */
function percent(used: number, limit: number | null): number {
  return limit === null ? 0 : Math.min(100, (used / limit) * 100);
}

function Cell({
  used,
  limit,
  money,
  label,
}: {
  used: number;
  limit: number | null;
  money: boolean;
  label: string;
}) {
  const share = percent(used, limit);
  return (
    <Table.Td>
      <Text size="sm">{usageText(used, limit, money)}</Text>
      {limit !== null && (
        <Progress
          value={share}
          color={share >= 100 ? "red" : share >= 80 ? "orange" : "blue"}
          size="sm"
          mt={4}
          aria-label={label}
        />
      )}
    </Table.Td>
  );
}

/**
 * The user's model usage against their budget (GET /profile/usage): model
 * calls, tokens and cost today and this month, each with its limit. Runs,
 * chats and the user's Telegram bots all count. A load failure is only
 * logged and the panel stays hidden.
 */
export function UsagePanel() {
  const status = useAuthStore((s) => s.status);
  const [report, setReport] = useState<UsageReport | null>(null);

  useEffect(() => {
    if (status !== "authenticated") return;
    let active = true;
    fetchUsage()
      .then((r) => {
        if (active) setReport(r);
      })
      .catch((error: unknown) => console.error("Failed to load usage", error));
    return () => {
      active = false;
    };
  }, [status]);

  if (status !== "authenticated" || !report) return null;
  const resets = new Date(report.day.resets_at).toISOString().slice(11, 16);
  return (
    <Stack gap="xs" maw={640} mt="xl" data-testid="usage-panel">
      <Title order={2} size="h3">
        Usage and budget
      </Title>
      <Text size="sm" c="dimmed">
        Model calls made for your optimizations, chats and bots. The day resets at {resets} UTC, the
        month on its first day.
      </Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Measure</VisuallyHidden>
            </Table.Th>
            <Table.Th>Today ({report.day.period})</Table.Th>
            <Table.Th>This month ({report.month.period})</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((row) => (
            <Table.Tr
              key={row.label}
              data-testid={`usage-${row.label.toLowerCase().replace(" ", "-")}`}
            >
              <Table.Th scope="row">{row.label}</Table.Th>
              <Cell
                used={row.used(report.day)}
                limit={row.limit(report.day)}
                money={row.money}
                label={`${row.label} today`}
              />
              <Cell
                used={row.used(report.month)}
                limit={row.limit(report.month)}
                money={row.money}
                label={`${row.label} this month`}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
