import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_PASSWORD } from '../support/browser';
import { it, baseUrl } from '../support/e2e';

const chooseLanguage = async (page: Page, current: string, next: string) => {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitem', { name: next }).click();
};

/** The placeholders on the page whose text is wider than their box (measured with the box's own font). */
const cutPlaceholders = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.offsetParent !== null)
      .filter((input) => {
        const style = getComputedStyle(input);
        context.font = style.font;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room;
      })
      .map((input) => input.placeholder);
  });

const pageTitle = (page: Page) => page.getByRole('heading', { level: 1 }).first();

describe('the language switcher', () => {
  it('switches the portal to French, keeps it across a reload, and switches back', async ({ page }) => {
    await chooseLanguage(page, 'English', 'Français');
    for (const item of ['Tableau de bord', 'Dictionnaire', 'Utilisateurs', 'Paramètres']) {
      await page.getByRole('link', { name: item }).waitFor();
    }
    await page.getByRole('link', { name: 'Utilisateurs' }).click();
    await page.waitForURL('**/users');
    await expect.poll(() => pageTitle(page).textContent()).toBe('Gestion des utilisateurs');
    await page.getByRole('columnheader', { name: 'Dernière connexion' }).waitFor();
    // The search box's placeholder fits in French too.
    expect(await page.locator('input[placeholder]').count()).toBeGreaterThan(0);
    expect(await cutPlaceholders(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => pageTitle(page).textContent()).toBe('Gestion des utilisateurs');
    await page.getByRole('link', { name: 'Paramètres' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await chooseLanguage(page, 'Français', 'English');
    await expect.poll(() => pageTitle(page).textContent()).toBe('User Management');
    await page.getByRole('link', { name: 'Settings' }).waitFor();
  });

  it('shows the sign-in page in the remembered language', async ({ page }) => {
    await chooseLanguage(page, 'English', 'Français');
    await page.getByRole('link', { name: 'Tableau de bord' }).waitFor();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('button', { name: 'Se connecter' }).isVisible()).toBe(true);
  });

  it('carries the language chosen on the sign-in card into the portal', async ({ newContext }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.getByLabel('Adresse e-mail').fill('admin@salescoach.test');
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => pageTitle(page).textContent()).toBe('Tableau de bord');
    await page.getByRole('heading', { name: "Bienvenue sur le portail d'administration" }).waitFor();
    await page.getByRole('link', { name: 'Paramètres' }).waitFor();
    // The top bar's menu shows the same choice.
    await page.getByRole('button', { name: 'Français' }).waitFor();
  });
});
