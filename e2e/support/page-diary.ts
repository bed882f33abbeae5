import type { BrowserContext, Page } from 'playwright-core';

/** How many of a profile's latest events are kept: enough to explain a failure, never a flood. */
const KEPT_EVENTS = 30;
/** How much of each dialog, alert or toast is quoted. */
const QUOTED_CHARACTERS = 300;

/**
 * What a browser profile did lately, for a failing test to tell: its pages'
 * script errors and console errors, requests that failed, and answers of 400
 * or more. A test that fails in a clean-clone run is read from the run's
 * output only, so the failure must say what the person at the screen would
 * have seen (`describe`), not only which wait ran out.
 */
export function keepPageDiary(context: BrowserContext) {
  const events: string[] = [];
  const started = Date.now();
  const note = (text: string) => {
    events.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
    if (events.length > KEPT_EVENTS) events.shift();
  };
  const watch = (page: Page) => {
    page.on('pageerror', (error) => note(`script error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        note(`console ${message.type()}: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400)
        note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  };
  context.on('page', watch);

  return {
    /** Each open page's address and what it shows in dialogs, alerts and toasts, then the latest events. */
    async describe(): Promise<string> {
      const pages = await Promise.all(context.pages().map(describePage));
      return [...pages, events.length > 0 ? events.join('\n') : 'No errors, failed requests or refusals.'].join('\n');
    },
  };
}

async function describePage(page: Page): Promise<string> {
  try {
    const shown = await page
      .locator('[role="dialog"], [role="alertdialog"], [role="alert"], [data-sonner-toast]')
      .evaluateAll(
        (elements, limit) =>
          elements.map(
            (element) =>
              `${element.getAttribute('role') ?? 'toast'}: ${(element as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, limit)}`,
          ),
        QUOTED_CHARACTERS,
      );
    return [`page ${page.url()}`, ...shown.map((line) => `  ${line}`)].join('\n');
  } catch (error) {
    return `page ${page.url()} (not readable: ${error instanceof Error ? error.message : String(error)})`;
  }
}
