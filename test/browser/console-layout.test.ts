import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTranscript } from '../support/openai-compatible-server';
import { multipart } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { chromiumPath } from './chromium';
import { OUTPUT_DIR, startConsoleFixture, type ConsoleFixture } from './console-fixture';

/** How the console fits: a narrow screen, a wide table, the keyboard. */
describe.skipIf(!chromiumPath)('the console at /console, laid out (Chromium)', () => {
  let fixture: ConsoleFixture;
  let openConsole: ConsoleFixture['openConsole'];
  let connect: ConsoleFixture['connect'];

  /** Each page of the console, by name and hash. */
  const everyPage = () =>
    [
      ['voices', '#/acme/voices'],
      ['voice', '#/acme/voices/Grace'],
      ['knowledge-bases', '#/acme/kbs'],
      ['knowledge-base', '#/acme/kbs/Handbook'],
      ['document', `#/acme/kbs/Handbook/documents/${fixture.documentId}`],
      ['transcripts', '#/transcripts'],
      ['completions', '#/completions'],
      ['engines', '#/engines'],
    ] as const;

  beforeAll(async () => {
    fixture = await startConsoleFixture();
    ({ openConsole, connect } = fixture);
    // A finished transcript whose text fills its column, beside its status.
    const { call, speechToText } = fixture;
    speechToText.setBehaviour({ transcript: 'Honeybees choose a new home by a quorum of scouts, each dancing for the site it found. '.repeat(3) });
    try {
      const id = (await call('POST', '/v2/transcript', { form: await multipart({}, { audio: fixture.speech }) })).body.id;
      await waitFor(
        async () => (await call('GET', id)).body.status,
        (status) => status === 'completed',
        20_000,
      );
    } finally {
      speechToText.setBehaviour({ transcript: defaultTranscript });
    }
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('fits 400 px without horizontal scrolling, tables as stacked cards', async () => {
    const { page, external, errors } = await openConsole(400);
    await connect(page);
    const widths: Record<string, number> = {};
    for (const [name, hash] of everyPage()) {
      await page.evaluate((to) => (location.hash = to), hash);
      await page.locator('main h1').waitFor();
      await page.waitForTimeout(300);
      widths[name] = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      // Each page loaded what it shows (a refused query, such as one over the cost limit, would say so
      // here; the failed document's own error is no alert).
      expect(await page.locator('main [role="alert"]').allInnerTexts()).toEqual([]);
      await page.screenshot({ path: join(OUTPUT_DIR, `console-400px-${name}.png`), fullPage: true });
    }
    expect(Object.values(widths).every((width) => width <= 400)).toBe(true);
    // The document table is a card: its header row is out of sight, each cell says what it is.
    await page.evaluate(() => (location.hash = '#/acme/kbs/Handbook'));
    await page.locator('#documents tbody tr').first().waitFor();
    const header = (await page.locator('#documents thead').boundingBox())!;
    expect(header.x + header.width).toBeLessThanOrEqual(0);
    expect(
      await page
        .locator('#documents td[data-label="Folder"]')
        .first()
        .evaluate((cell) => getComputedStyle(cell).display),
    ).toBe('block');

    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('keeps each badge in a table on one line, at 400 and at 1280 px', async () => {
    // The pages whose tables have a status column: all of them once each has loaded its rows.
    const withBadges: string[] = ['engines', 'knowledge-base', 'knowledge-bases', 'transcripts'];
    const badges: { width: number; page: string; text: string; lines: number }[] = [];
    for (const width of [400, 1280]) {
      const { page, errors } = await openConsole(width);
      await connect(page);
      for (const [name, hash] of everyPage()) {
        await page.evaluate((to) => (location.hash = to), hash);
        await page.locator('main h1').waitFor();
        if (withBadges.includes(name)) await page.locator('main table .badge').first().waitFor();
        // The line boxes of each badge's text: one unless it wrapped.
        const seen = await page.locator('main table .badge').evaluateAll((found) =>
          found.map((badge) => {
            const range = document.createRange();
            range.selectNodeContents(badge);
            return { text: (badge as HTMLElement).innerText, lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size };
          }),
        );
        badges.push(...seen.map((badge) => ({ width, page: name, ...badge })));
      }
      expect(errors).toEqual([]);
      await page.close();
    }
    // No other page has a badge in a table, and the finished transcript's was among them.
    for (const width of [400, 1280]) {
      expect([...new Set(badges.filter((badge) => badge.width === width).map((badge) => badge.page))].sort()).toEqual(withBadges);
      expect(badges.some((badge) => badge.width === width && badge.page === 'transcripts' && badge.text === 'completed')).toBe(true);
    }
    expect(badges.filter((badge) => badge.lines !== 1)).toEqual([]);
  });

  it('works from the keyboard: visible focus, every action a button or link, Escape closes a dialog', async () => {
    const { page, external, errors } = await openConsole();
    // The key's field is a few stops in: past the skip link and the brand, at most.
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('type'))) === 'password') break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type(fixture.key);
    await page.keyboard.press('Enter');
    await page.locator('.connection[data-state="live"]').waitFor();

    // From the top of the page, Tab through the header to the Knowledge bases link, each stop showing its focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stops: { text: string; outline: string }[] = [];
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        // Between the blur and the first stop, the document itself holds the focus.
        if (element === document.body) return { text: 'BODY', outline: 'body' };
        return { text: element.innerText || element.getAttribute('aria-label') || element.tagName, outline: getComputedStyle(element).outlineStyle };
      });
      stops.push(stop);
      if (stop.text === 'Knowledge bases') break;
    }
    expect(stops.at(-1)?.text).toBe('Knowledge bases');
    expect(stops.filter((stop) => stop.outline === 'none')).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Knowledge bases', level: 1 }).waitFor();

    await page.evaluate(() => (location.hash = '#/acme/voices/Grace'));
    await page.getByRole('heading', { name: 'Grace', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Rename', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Every action of the page is a button or a link, each in the tab order.
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main a[href]')].filter((element) => element.tabIndex < 0).map((element) => element.innerText),
    );
    expect(unreachable).toEqual([]);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });
});
