import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { integratorAdmin } from "./helpers/integrator";
import { seenHowTo } from "./helpers/howto";

/**
 * The embed budget, measured on a host page in Chromium and kept here: what the loader costs the
 * integrator's page. Its transfer size (gzip ≤ 8 KB, served compressed), no layout shift caused by
 * the widget, nothing render-blocking, no console errors, and a working widget under a strict
 * Content-Security-Policy with exactly the directives docs/integrate/embed.md tells a host to allow.
 * The figures go to the test's output and into that page.
 */
test.beforeEach(({ page }) => seenHowTo(page));

/** The loader's bytes on the wire for an encoding the browser offers. */
function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string | undefined; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"], type: res.headers["content-type"] }));
      })
      .on("error", reject);
  });
}

test("the loader fits the embed budget and works under a strict host Content-Security-Policy", async ({ page, baseURL }) => {
  const base = baseURL!;
  const gzip = await wireBytes(`${base}/v1/widget.js`, "gzip");
  const br = await wireBytes(`${base}/v1/widget.js`, "br, gzip");
  expect(gzip.encoding).toBe("gzip");
  expect(br.encoding).toBe("br");
  expect(gzip.bytes).toBeLessThanOrEqual(8 * 1024);
  expect(gzip.type).toContain("javascript");

  let pageHtml = "";
  let csp = "";
  const site = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp }).end(pageHtml));
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    const { token, json } = await integratorAdmin(base, "embed");
    const { project_id: projectId } = await json("POST", "/v1/admin/projects", token, { name: "Strict shop", allowed_origins: [siteOrigin] });
    await json("PATCH", `/v1/admin/projects/${projectId}`, token, { play_mechanic: "match3_v1" });
    // What docs/integrate/embed.md says a host must allow for the widget, and nothing else: no
    // inline script or style anywhere, and the page's own resources from itself only.
    const playloop = new URL(base).origin;
    csp = `default-src 'self'; script-src 'self' ${playloop}; connect-src 'self' ${playloop}; frame-src ${playloop}; style-src 'self'; img-src 'self' data:`;
    pageHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict shop</title></head><body>
      <main><h1>A strict shop</h1><p>Its Content-Security-Policy allows no inline script or style.</p></main>
      <script src="${base}/v1/widget.js" data-project-id="${projectId}" async></script></body></html>`;

    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`error: ${e.message}`));
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __violations: string[] };
      w.__cls = 0;
      w.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(siteOrigin);
    const launcher = page.getByRole("button", { name: "Open games" });
    await expect(launcher).toBeVisible();
    // Styled by the loader (its own sheet, not an inline style the policy would block): a 60 px round button in the corner.
    const box = await launcher.boundingBox();
    expect(box).toMatchObject({ width: 60, height: 60 });
    await page.waitForTimeout(1_000); // late shifts (the launcher's theme colour arrives from the config)
    const measured = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __violations: string[] };
      const loader = performance.getEntriesByType("resource").find((e) => e.name.includes("/v1/widget.js")) as PerformanceResourceTiming & { renderBlockingStatus?: string };
      return { cls: w.__cls, violations: w.__violations, renderBlocking: loader?.renderBlockingStatus, transferSize: loader?.transferSize };
    });
    console.log(`[embed budget] loader ${gzip.bytes} B gzip, ${br.bytes} B brotli; CLS ${measured.cls}; render-blocking: ${measured.renderBlocking}; CSP violations: ${measured.violations.length}`);
    expect(measured.cls).toBe(0);
    expect(measured.renderBlocking).toBe("non-blocking");
    expect(measured.violations).toEqual([]);

    await launcher.click();
    const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
    await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    site.close();
  }
});
