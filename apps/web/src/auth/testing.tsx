/**
 * Test helpers of the sign-in components: a fake API at the network boundary
 * (the real client, the real JSON envelopes, routes answered in the test) and
 * a render wrapper with Mantine, notifications and a memory router.
 */
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";

/** One request the fake API received. */
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A route answer: HTTP status and JSON body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

type Handler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces `fetch` with a router over `routes` ("METHOD /api/path" → handler).
 * Unknown routes answer a JSON 404 like the server. Returns the calls made.
 */
export function installFakeApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = (init?.method ?? "GET").toUpperCase();
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(call)
      : {
          status: 404,
          body: { success: false, error: { message: `No API route ${method} ${url.pathname}` } },
        };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

/** A success envelope answer. */
export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { success: true, data } });
/** An error envelope answer. */
export const fail = (status: number, message?: string): FakeAnswer => ({
  status,
  body: message ? { success: false, error: { message } } : { success: false },
});

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `path` inside the app's providers; other paths render nothing but the probe. */
export function renderAt(ui: ReactNode, path: string, routePath = "*") {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </MantineProvider>,
  );
}
