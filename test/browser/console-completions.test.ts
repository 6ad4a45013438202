import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTokens, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { chromiumPath, keepLocal, launchChromium } from './chromium';
import { OUTPUT_DIR } from './console-fixture';

const REPLY = 'Ahoy there, matey! The sea was rough that winter, and the old ship groaned with every wave, but we kept her steady and came home safe.';

/** The texts the streaming reply showed, in order, each once: recorded by the page itself. */
async function recordPartials(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { partials: string[] }).partials = seen;
    new MutationObserver(() => {
      const text = document.querySelector<HTMLElement>('.message.assistant[aria-busy="true"] .text:not(.writing)')?.innerText;
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document.querySelector('main')!, { subtree: true, childList: true, characterData: true });
  });
}

const partialsOf = (page: Page) => page.evaluate(() => (window as unknown as { partials: string[] }).partials);

/** The completions page: a character picked, a message written, the reply streaming in (issue 33, item 8). */
describe.skipIf(!chromiumPath)('the console: completions (Chromium)', () => {
  let engine: OpenAiCompatibleServer;
  let app: TestApp;
  let key: string;
  let call: RestClient;
  let browser: Browser;

  beforeAll(async () => {
    // Slow enough that a reply of 27 tokens takes about 4 s: the page has time to show it growing.
    engine = await startOpenAiCompatibleServer({ reply: REPLY, tokensPerSecond: 7 });
    app = await startTestApp({ LLM_BASE_URL: engine.baseUrl, LLM_MODEL: 'persona-llm' });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await engine?.close();
  });

  async function openCompletions(width = 1280) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const external = await keepLocal(page, [app.url]);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/console`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.locator('.connection[data-state="live"]').waitFor();
    await page.getByRole('link', { name: 'Completions' }).click();
    await page.getByRole('heading', { name: 'Completions', level: 1 }).waitFor();
    return { page, external, errors };
  }

  /** Sends a message, and waits until its reply has begun (so the last reply is the new one). */
  async function send(page: Page, message: string) {
    const replies = await page.locator('.message.assistant').count();
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message.assistant').nth(replies).waitFor();
  }

  /** The last reply once finished, with the completion it came from, as REST answers it. */
  async function finishedReply(page: Page) {
    const reply = page.locator('.message.assistant').last();
    await reply.and(page.locator('[data-state="COMPLETED"], [data-state="FAILED"]')).waitFor({ timeout: 20_000 });
    const id = (await reply.getAttribute('data-completion'))!;
    const stored = await call('GET', id);
    return { shown: await reply.locator('.text').innerText(), state: await reply.getAttribute('data-state'), stored: stored.body };
  }

  it('streams a character’s reply in as it is written, and ends with the stored output', async () => {
    const { page, external, errors } = await openCompletions();
    await page.getByRole('combobox', { name: /^Character/ }).selectOption('Captain Rowan');
    expect(await page.locator('.character-facts').innerText()).toContain('Personality: gruff but kind');
    await recordPartials(page);
    await send(page, 'Tell me about your last voyage.');
    await page.locator('.message.user').filter({ hasText: 'Tell me about your last voyage.' }).waitFor();
    const first = await finishedReply(page);
    expect(first.state).toBe('COMPLETED');
    expect(first.stored.output.message.content).toBe(REPLY);
    expect(first.shown).toBe(REPLY);
    // Shown growing: several partial texts, each a beginning of the reply, before the whole of it.
    const partials = (await partialsOf(page)).filter((text) => text !== REPLY);
    expect(partials.length).toBeGreaterThanOrEqual(2);
    for (const text of partials) expect(REPLY.startsWith(text) && text.length < REPLY.length).toBe(true);
    // The LLM played the character.
    const asked = engine.requests.filter((recorded) => recorded.endpoint === 'chat').at(-1)!;
    expect(asked.messages?.[0]).toMatchObject({ role: 'system' });
    expect(asked.messages?.[0]?.content).toContain('You are Captain Rowan.');
    expect(asked.messages?.[0]?.content).toContain('Always answer in English.');

    // The next message carries the conversation so far.
    await send(page, 'And then?');
    await finishedReply(page);
    const next = engine.requests.filter((recorded) => recorded.endpoint === 'chat').at(-1)!;
    expect(next.messages?.slice(1)).toEqual([
      { role: 'user', content: 'Tell me about your last voyage.' },
      { role: 'assistant', content: REPLY },
      { role: 'user', content: 'And then?' },
    ]);
    expect(await page.locator('.message').count()).toBe(4);
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-completions.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it('makes a character of one’s own, kept in the browser, and sends its parameters', async () => {
    const { page, errors } = await openCompletions();
    await page.getByRole('button', { name: 'New character' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ada');
    await dialog.getByLabel('Personality').fill('precise and curious');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('combobox', { name: /^Character/ }).inputValue()).toBe('Ada');
    await send(page, 'Hello.');
    expect((await finishedReply(page)).state).toBe('COMPLETED');
    const asked = engine.requests.filter((recorded) => recorded.endpoint === 'chat').at(-1)!;
    expect(asked.messages?.[0]?.content).toBe('You are Ada. Stay in character in every reply.\nPersonality: precise and curious');
    await page.reload();
    await page.getByRole('heading', { name: 'Completions', level: 1 }).waitFor();
    expect(
      await page
        .getByRole('combobox', { name: /^Character/ })
        .locator('option')
        .allInnerTexts(),
    ).toEqual(['No character', 'Ada', 'Captain Rowan']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resumes after a dropped connection from the last event it had, and rebuilds the whole reply', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await keepLocal(page, [app.url]);
    // The socket goes through the test, which records what the page subscribes with and can drop it.
    const subscribed: { after?: number | null }[] = [];
    const sockets: { close: (options: { code: number; reason: string }) => Promise<void> }[] = [];
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      const service = socket.connectToServer();
      sockets.push(socket);
      socket.onMessage((message) => {
        const parsed = JSON.parse(String(message)) as { type: string; payload?: { query?: string; variables?: { after?: number | null } } };
        if (parsed.type === 'subscribe' && parsed.payload?.query?.includes('completionOutput')) subscribed.push(parsed.payload.variables ?? {});
        service.send(message);
      });
    });
    await page.goto(`${app.url}/console#/completions`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.locator('.connection[data-state="live"]').waitFor();
    await page.goto(`${app.url}/console#/completions`);
    await page.getByRole('heading', { name: 'Completions', level: 1 }).waitFor();
    await recordPartials(page);
    await send(page, 'Once more, please.');
    // A few words in, the connection drops, as a phone changing networks does.
    await page.waitForFunction(() => ((window as unknown as { partials?: string[] }).partials ?? []).some((text) => text.split(' ').length >= 4));
    await sockets.at(-1)!.close({ code: 1012, reason: 'service restart' });
    const reply = await finishedReply(page);
    expect(reply.state).toBe('COMPLETED');
    expect(reply.shown).toBe(REPLY);
    expect(reply.stored.output.message.content).toBe(REPLY);
    // Subscribed twice: first for everything, then after the last event it had.
    expect(subscribed.length).toBe(2);
    expect(subscribed[0]!.after ?? null).toBeNull();
    expect(subscribed[1]!.after).toBeGreaterThan(0);
    expect(subscribed[1]!.after).toBeLessThan(chatTokens(REPLY).length + 2);
    await page.close();
  });

  it('fits 400 px with a conversation on it', async () => {
    const { page, errors } = await openCompletions(400);
    await send(page, 'Short one.');
    await finishedReply(page);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(400);
    await page.screenshot({ path: join(OUTPUT_DIR, 'console-400px-completions.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
