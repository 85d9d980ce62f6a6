// Shared set-up for the playground's browser tests: the real server, Debian's Chromium, and
// pages that fail the test on any console error or uncaught exception.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startPlayground } from '../../tools/serve.mjs';
import { launchChromium } from '../wpt/chromium-host.mjs';
import { repoRoot } from '../wpt/lib.mjs';

/** Where the tests leave their screenshots for a reviewer to open. */
export const screenshotDir = join(repoRoot, 'target', 'screenshots');
export const PANELS = [
  'base64',
  'encoding',
  'html',
  'structured-clone',
  'url',
  'urlpattern',
  'mime',
  'data-url',
  'encoding-sniff',
];

/**
 * Registers before/after hooks (`allowedConsoleErrors`: patterns of console errors a test causes
 * on purpose); returns `openPanel(panelId, {width})`, which opens the
 * playground at a panel, with `openPanel.at(pathAndQuery, {width})` to open any playground URL.
 */
export function usePlayground({ allowedConsoleErrors = [] } = {}) {
  let server;
  let browser;
  const pages = [];
  before(async () => {
    server = await startPlayground(0);
    browser = await launchChromium();
    mkdirSync(screenshotDir, { recursive: true });
  });
  after(async () => {
    // Close everything before asserting: a failed assertion must not leave Chromium or the
    // server running (the test process would never exit).
    for (const { page } of pages) await page.close();
    await browser?.close();
    server?.close();
    for (const { problems } of pages) assert.deepEqual(problems, [], 'console errors or page errors');
  });
  async function at(path, { width = 1280, height = 800 } = {}) {
    const page = await browser.newPage({ viewport: { width, height } });
    const problems = [];
    page.on(
      'console',
      (message) =>
        message.type() === 'error' &&
        !allowedConsoleErrors.some((allowed) => allowed.test(message.text())) &&
        problems.push(message.text()),
    );
    page.on('pageerror', (error) => problems.push(String(error)));
    pages.push({ page, problems });
    const url = new URL(path, `http://127.0.0.1:${server.address().port}/`);
    await page.goto(url.href);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }
  const openPanel = (panelId, options) => at(`/?panel=${panelId}`, options);
  openPanel.at = at;
  return openPanel;
}

/** The page's horizontal overflow in CSS pixels (0: nothing scrolls sideways). */
export const overflow = (page) =>
  page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);
