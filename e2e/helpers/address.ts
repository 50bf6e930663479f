import type { Page } from "@playwright/test";

/**
 * Every admin a test creates signs up from an address of its own, as real admins do: the service
 * limits sign-ups to 20 an hour per address (per /64 for IPv6), and the suite creates more accounts
 * than that. The e2e server trusts loopback as a proxy (TRUSTED_PROXIES in scripts/e2e-server.ts),
 * so an X-Forwarded-For from the test names the client. The addresses are IPv6 documentation
 * networks (2001:db8::/32), a fresh /64 each, never a real client.
 */
export function ownAddress(): string {
  const hex = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${hex()}:${hex()}::1`;
}

/** The network of an address from `ownAddress()`: its /48 (what the service stores of it; the console says only whether it is this network). */
export function networkOfOwnAddress(address: string): string {
  return `${address.split(":").slice(0, 3).join(":")}::/48`;
}

/** Sends the page's own sign-up request (the console's tRPC call) from a fresh address; answers it. */
export async function signUpFromOwnAddress(page: Page): Promise<string> {
  const address = ownAddress();
  await page.route("**/api/trpc/**", async (route) => {
    if (!route.request().url().includes("adminAuth.signup")) return route.fallback();
    await route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } });
  });
  return address;
}
