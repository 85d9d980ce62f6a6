// Shared set-up for the playground's browser tests: the real server, Debian's Chromium, and a
// page that fails the test on any console error or uncaught exception.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startPlayground } from '../../tools/serve.mjs';
import { launchChromium } from '../wpt/chromium-host.mjs';
import { repoRoot } from '../wpt/lib.mjs';

export const screenshotDir = join(repoRoot, 'tests', 'output');

/** Registers before/after hooks; returns a function that opens the playground at a panel. */
export function usePlayground() {
  let server;
  let browser;
  const pages = [];
  before(async () => {
    server = await startPlayground(0);
    browser = await launchChromium();
    mkdirSync(screenshotDir, { recursive: true });
  });
  after(async () => {
    for (const { page, problems } of pages) {
      await page.close();
      assert.deepEqual(problems, [], 'console errors or page errors');
    }
    await browser?.close();
    server?.close();
  });
  return async function openPanel(panelId) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
    const problems = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    pages.push({ page, problems });
    await page.goto(`http://127.0.0.1:${server.address().port}/#${panelId}`);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  };
}
