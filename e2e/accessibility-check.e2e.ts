import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/**
 * The accessibility check itself (support/axe.ts), which every page's check relies on: it runs axe in the
 * page and injects it once per document, so each way must still find what is planted.
 */
describe('the accessibility check', () => {
  const plantUnnamedButton = (id: string) =>
    `document.querySelector('main, body').append(Object.assign(document.createElement('button'), { id: '${id}' }))`;

  it('finds a planted violation on the first check, on a later one of the same page, and after a navigation', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/no-such-page');
    await page.locator('h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Checked again with axe already on the page: the planted button is found, then its removal seen.
    await page.evaluate(plantUnnamedButton('planted'));
    expect(await seriousViolations(page)).toEqual(['button-name: #planted']);
    await page.evaluate(() => document.getElementById('planted')!.remove());
    expect(await seriousViolations(page)).toEqual([]);

    // A new document has no axe: the check brings it again.
    await page.goto('/no-such-page?again');
    await page.locator('h1').first().waitFor();
    await page.evaluate(plantUnnamedButton('planted-again'));
    expect(await seriousViolations(page)).toEqual(['button-name: #planted-again']);
  });

  it('checks inside a frame from another origin, however long axe takes to reach it', async () => {
    // Our own pages allow no frame from elsewhere (their Content-Security-Policy), so two made-up sites,
    // answered here in the browser (nothing leaves the machine), show the check still looks inside one.
    const { context, page } = await browser.newPage(375);
    const site = (body: string) => `<!doctype html><html lang="en"><title>Site</title><main>${body}</main></html>`;
    await context.route('http://first-site.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: site('<h1>First</h1><iframe title="Another site" src="http://other-site.test/frame"></iframe>'),
      }),
    );
    await context.route('http://other-site.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: site('<button id="inside"></button>') }),
    );
    await page.goto('http://first-site.test/');
    await page.frameLocator('iframe').locator('#inside').waitFor();
    // As on a loaded machine, where axe's half a megabyte takes seconds to reach a frame: the frame is still checked.
    const devTools = await context.newCDPSession(page);
    await devTools.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    expect(await seriousViolations(page)).toEqual(['button-name: html > body > main > iframe:nth-child(2) #inside']);
  });
});
