import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect } from 'vitest';

import { it, baseUrl } from '../support/e2e';

const run = Date.now().toString(36);

/** The assistant API called from the test itself, as a service would (loopback only). */
const assistantConfig = (key: string) => fetch(`${baseUrl}/api/assistant/config`, { headers: { authorization: `Bearer ${key}` } });

describe('the assistant API from the portal', () => {
  it('creates a key on the Service Keys screen, shows its secret once, streams a call with simulate-call, and revokes the key', async ({
    signedIn,
  }) => {
    const { context, page } = await signedIn();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByRole('link', { name: 'Service Keys' }).click();
    await page.waitForURL('**/service-keys');
    await page.getByText('Service keys let the live assistant').waitFor();

    // Create: name and both scopes; the secret is shown once, with a copy button.
    const name = `E2E assistant ${run}`;
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a service key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Read the configuration (config:read)' }).check();
    await dialog.getByRole('checkbox', { name: 'Write call sessions (sessions:write)' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your new service key' });
    await secretDialog.getByText('It will not be shown again').waitFor();
    const key = await secretDialog.getByRole('textbox', { name: 'Service key' }).inputValue();
    expect(key).toMatch(/^scak_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    await secretDialog.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'detached' });
    await page.getByText('Service key created').waitFor();

    // The list shows the key without its secret.
    const row = page.locator('tbody tr').filter({ hasText: name });
    await row.getByText('Active').waitFor();
    expect(await row.innerText()).toContain(key.slice(0, 12));
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await row.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(key);

    // The key opens the assistant API...
    const config = await assistantConfig(key);
    expect(config.status).toBe(200);
    const { data } = (await config.json()) as { data: { version: number } };
    expect(data.version).toBeGreaterThanOrEqual(1);

    // ...and the reference client streams a call with it, which the Sessions list then shows.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/simulateCall.ts', '--url', baseUrl, '--speed', 'max', '--transcripts', '12'],
      { timeout: 60_000, env: { ...process.env, SALESCOACH_API_KEY: key } },
    );
    const sessionId = /Session (\S+) "/.exec(stdout)?.[1] ?? '';
    const sessionName = /Session \S+ "([^"]+)"/.exec(stdout)?.[1] ?? '';
    expect(sessionId).toMatch(/^sim-\d{8}-[0-9a-f]{12}$/);
    expect(stdout).toContain('Completed. Open');
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.waitForURL('**/sessions');
    await page.getByPlaceholder('Search sessions...').fill(sessionId);
    // The search applies after its debounce and re-renders the rows: click once it is in the address.
    await page.waitForURL((url) => decodeURIComponent(url.href).includes(sessionId));
    const sessionRow = page.locator('tbody tr').filter({ hasText: sessionName });
    await sessionRow.getByText('Completed', { exact: true }).waitFor();
    await sessionRow.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(`**/sessions/${sessionId}`);
    await page.getByRole('heading', { name: sessionName }).waitFor();
    await page.getByText(`Configuration version ${data.version}`).waitFor();

    // Revoke on the screen, after a confirmation whose Cancel has the focus; the next call is refused.
    await page.getByRole('link', { name: 'Service Keys' }).click();
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this service key?' });
    await expect
      .poll(() => confirm.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement))
      .toBe(true);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Service key revoked').waitFor();
    await row.getByText(/^Revoked /).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    const refused = await assistantConfig(key);
    expect(refused.status).toBe(401);
  });

  it('renders the interactive API reference from its own files under the portal CSP', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    const response = await page.goto(`${baseUrl}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Sales Coach API').first().waitFor();
    await page.getByText('/api/assistant/sessions/{sessionId}/events').first().waitFor();
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
  });
});
