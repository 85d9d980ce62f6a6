// One small driver for the three browser engines the tests run in, so that a test (or a WPT
// file) runs per engine instead of being copied:
//  - chromium: Debian's `chromium`, by playwright-core (chromium-host.mjs);
//  - firefox: Debian's `firefox-esr`, headless, by puppeteer-core over WebDriver BiDi (Firefox's
//    own remote agent: no geckodriver, which Debian does not package);
//  - webkit: Debian's WebKitGTK MiniBrowser through its `WebKitWebDriver` (classic WebDriver, by
//    selenium-webdriver), under an Xvfb display of its own when there is no $DISPLAY.
// puppeteer-core and selenium-webdriver need Node 22 or later (the Makefile runs those engines'
// layers on Node 24); each client is imported only when its engine launches.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { launchChromium } from './chromium-host.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines a browser test runs in: $WEFT_BROWSERS (comma-separated), else Chromium alone. */
export function selectedEngines() {
  const names = (process.env.WEFT_BROWSERS ?? 'chromium').split(',').filter(Boolean);
  for (const name of names) if (!ENGINES.includes(name)) throw new Error(`WEFT_BROWSERS: unknown engine ${name}`);
  return names;
}

/**
 * Put first in a page (before any script that may warn or throw): it records console errors,
 * warnings and uncaught errors in the page, for engines whose driver does not report them
 * (WebKit's classic WebDriver). A classic script; serve it as a file on pages under a policy.
 */
export const CONSOLE_RECORDER = `(() => {
  const record = (self.__weftConsole = { errors: [], warnings: [] });
  const wrap = (name, list) => {
    const original = console[name];
    console[name] = function (...args) { list.push(args.map(String).join(' ')); return original.apply(this, args); };
  };
  wrap('error', record.errors);
  wrap('warn', record.warnings);
  addEventListener('error', (event) => record.errors.push(String(event.error ?? event.message)));
  addEventListener('unhandledrejection', (event) => record.errors.push(String(event.reason)));
})();
`;

// The policy's own refusals, which an engine reports: not the page's errors.
const POLICY_REPORT = /Content[- ]Security[- ]Policy/i;

/**
 * Launches `engine`. The browser has `newPage()` and `close()`; a page has `goto(url)`,
 * `evaluate(fnOrExpression, arg)` (awaits a returned promise; the result must be JSON),
 * `waitFor(fnOrExpression, {timeout})` (until it returns a truthy value), `title()`,
 * `messages()` ({errors, warnings} of its console and uncaught errors) and `close()`.
 */
export async function launchEngine(engine) {
  switch (engine) {
    case 'chromium':
      return wrapPlaywright(await launchChromium());
    case 'firefox':
      return launchFirefox();
    case 'webkit':
      return launchWebKit();
    default:
      throw new Error(`no browser engine ${engine}`);
  }
}

const asFunction = (fnOrExpression) =>
  typeof fnOrExpression === 'function' ? fnOrExpression.toString() : `() => (${fnOrExpression})`;

/** Polls `page.evaluate(fnOrExpression)` until it returns a truthy value. */
async function poll(page, fnOrExpression, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fnOrExpression);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${asFunction(fnOrExpression)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pages of Playwright or Puppeteer, whose console and error events differ only in names. */
function eventPage(page, warningType) {
  const messages = { errors: [], warnings: [] };
  // (Firefox reports the policy's refusals as page errors, which the page itself never sees.)
  page.on('pageerror', (error) => POLICY_REPORT.test(String(error)) || messages.errors.push(String(error)));
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' && !POLICY_REPORT.test(message.text())) messages.errors.push(message.text());
    if (type === warningType) messages.warnings.push(message.text());
  });
  const wrapped = {
    goto: async (url) => void (await page.goto(url)),
    // Through JSON in the page: WebDriver BiDi sends an object met twice as a bare reference,
    // which Puppeteer turns into undefined.
    evaluate: async (fnOrExpression, arg) => {
      const json = await page.evaluate(
        `(async () => JSON.stringify(await (${asFunction(fnOrExpression)})(${JSON.stringify(arg)})))()`,
      );
      return json === undefined ? undefined : JSON.parse(json);
    },
    waitFor: (fnOrExpression, options) => poll(wrapped, fnOrExpression, options),
    title: () => page.title(),
    messages: async () => messages,
    close: () => page.close(),
  };
  return wrapped;
}

function wrapPlaywright(browser) {
  return {
    newPage: async () => eventPage(await browser.newPage(), 'warning'),
    close: () => browser.close(),
  };
}

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    // No update checks, telemetry or remote settings: the machine has no general network.
    extraPrefsFirefox: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false },
  });
  return {
    newPage: async () => eventPage(await browser.newPage(), 'warn'),
    close: () => browser.close(),
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An Xvfb display of its own (the number Xvfb picked), or $DISPLAY if there is one. */
async function xDisplay() {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: () => {} };
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const number = await new Promise((resolve, reject) => {
    xvfb.on('error', reject);
    xvfb.stdout.on('data', (data) => resolve(String(data).trim()));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return { display: `:${number}`, stop: () => xvfb.kill() };
}

async function launchWebKit() {
  const { Builder } = await import('selenium-webdriver');
  const { display, stop } = await xDisplay();
  const port = await freePort();
  const webDriver = spawn(process.env.WEBKIT_WEBDRIVER ?? 'WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const stopAll = () => {
    webDriver.kill();
    stop();
  };
  let driver;
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`http://127.0.0.1:${port}/status`);
        break;
      } catch (error) {
        if (tries === 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { args: ['--automation'] } })
      .build();
    await driver.manage().setTimeouts({ script: 300_000 });
  } catch (error) {
    stopAll();
    throw error;
  }
  // One WebDriver session per WebKitWebDriver: each page is a tab of it, and the first tab stays
  // open (closing a session's last tab ends the session).
  const home = await driver.getWindowHandle();
  let current = home;
  const focus = async (handle) => {
    if (current !== handle) await driver.switchTo().window(handle);
    current = handle;
  };
  return {
    async newPage() {
      await focus(home);
      await driver.switchTo().newWindow('tab');
      const handle = (current = await driver.getWindowHandle());
      const page = {
        goto: async (url) => {
          await focus(handle);
          await driver.get(url);
        },
        async evaluate(fnOrExpression, arg) {
          await focus(handle);
          const outcome = await driver.executeAsyncScript(
            `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${asFunction(fnOrExpression)})(arguments[0]))
  .then((value) => done({ value }), (error) => done({ error: String(error) }));`,
            arg,
          );
          if ('error' in outcome) throw new Error(`in the page: ${outcome.error}`);
          return outcome.value;
        },
        waitFor: (fnOrExpression, options) => poll(page, fnOrExpression, options),
        async title() {
          await focus(handle);
          return driver.getTitle();
        },
        messages: () =>
          page.evaluate(() => {
            const recorded = self.__weftConsole ?? { errors: [], warnings: [] };
            return {
              errors: recorded.errors.filter((text) => !/Content[- ]Security[- ]Policy/i.test(text)),
              warnings: recorded.warnings,
            };
          }),
        async close() {
          await focus(handle);
          await driver.close();
          current = undefined;
        },
      };
      return page;
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        stopAll();
      }
    },
  };
}
