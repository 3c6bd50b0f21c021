import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers.ts';

/** spec/3 §2: twelve sections of the Terms, eleven of the Privacy Policy, in this order. */
const termsHeadings = [
  'Quick summary',
  '1. Acceptance and eligibility',
  '2. Trust score',
  '3. Community conduct',
  '4. Safety',
  '5. Your content and ownership',
  '6. Premium features',
  '7. Privacy',
  '8. Limitation of liability',
  '9. Disputes and governing law',
  '10. Termination',
  '11. Changes to these terms',
  '12. Contact',
  'A final note',
];

const privacyHeadings = [
  'At a glance',
  '1. What we collect',
  '2. How we use your information',
  '3. When we share information',
  '4. Your rights and choices',
  '5. How long we keep data',
  '6. Security',
  '7. AI transparency',
  '8. International compliance',
  '9. Children',
  '10. Changes to this policy',
  '11. Contact',
];

function legalDialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

test.describe('signed out', () => {
  test('/terms is a full public page with every section, and accessible', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByText('Version 1.0 Global Standard Edition')).toBeVisible();
    await expect(page.locator('time[datetime="2025-09-01"]')).toHaveText('1/09/2025');
    await expect(page.getByText('(1 September 2025)')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(termsHeadings);
    await expect(page.getByRole('link', { name: 'hello@heartline.app' })).toHaveAttribute(
      'href',
      'mailto:hello@heartline.app',
    );
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The contents list moves to a section without changing the address.
    const contents = page.getByRole('navigation', { name: 'Terms of Service contents' });
    await contents.getByRole('link', { name: '8. Limitation of liability' }).click();
    await expect(page.getByRole('heading', { name: '8. Limitation of liability' })).toBeFocused();
    await expect(
      page.getByRole('heading', { name: '8. Limitation of liability' }),
    ).toBeInViewport();
    await expect(page).toHaveURL(/\/terms$/);

    // Links to the Privacy Policy page.
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    // Back returns to the Terms.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('/privacy is a full public page with every section, and accessible', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('Version 5.0')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(privacyHeadings);
    await expect(page.getByText('encrypted in transit and at rest').first()).toBeVisible();
    for (const email of [
      'privacy@heartline.app',
      'legal@heartline.app',
      'privacy-uk@heartline.app',
      'privacy-in@heartline.app',
    ]) {
      await expect(page.getByRole('link', { name: email }).first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    // Opened directly, Back goes to the app (the sign-in screen when signed out).
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the page copies its whole text and shares a link on WhatsApp', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/terms');
    const share = page.getByRole('link', { name: /Share on WhatsApp/ });
    const href = await share.getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const publicUrl = new URL('/terms', page.url()).href;
    expect(href).toContain(encodeURIComponent(publicUrl));
    expect(decodeURIComponent(href!.split('text=')[1]!)).toBe(
      `Heartline Terms of Service: ${publicUrl}`,
    );
    await expect(share).toHaveAttribute('target', '_blank');
    await expect(share).toHaveAttribute('rel', /noopener/);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Terms of Service copied to the clipboard')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Terms of Service\n/);
    expect(copied).toContain('Version 1.0 Global Standard Edition');
    for (const heading of termsHeadings) expect(copied).toContain(heading);
    expect(copied).toContain('legal@heartline.app');
    expect(copied).toContain(publicUrl);
    // The last words of the final note: nothing is cut off.
    expect(copied.trimEnd()).toMatch(/Thank you for helping to keep it a safe place\.$/);
  });

  test('?modal=terms opens the Terms over the sign-in screen; the close button closes it for good', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await page.goto('/?modal=terms');
    await expect(page).toHaveURL(/\/auth\?modal=terms$/);
    const dialog = legalDialog(page, 'Terms of Service');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Heartline' })).toBeAttached();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(termsHeadings);
    await expect(dialog.getByText('Version 1.0 Global Standard Edition')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // Closing goes to / with the history entry replaced; signed out, / is the sign-in screen.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    // Back does not bring the dialog back: the entry before it is the plain sign-in screen.
    await page.goBack();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goForward();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the dialog closes with Escape and with a click outside it', async ({ page }) => {
    await page.goto('/?modal=privacy');
    const dialog = legalDialog(page, 'Privacy Policy');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(privacyHeadings);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/?modal=terms');
    const terms = legalDialog(page, 'Terms of Service');
    await expect(terms).toBeVisible();
    // The sheet rises from the bottom edge; the strip above it is the backdrop.
    const box = await terms.boundingBox();
    expect(box!.y).toBeGreaterThan(20);
    await page.mouse.click(195, box!.y / 2);
    await expect(terms).toBeHidden();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the dialog copies the whole text, shares the public page and links to the other text', async ({
    page,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/?modal=privacy');
    const dialog = legalDialog(page, 'Privacy Policy');
    await expect(dialog).toBeVisible();

    const href = await dialog.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href');
    expect(href).toContain(encodeURIComponent(new URL('/privacy', page.url()).href));

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Privacy Policy\n/);
    for (const heading of privacyHeadings) expect(copied).toContain(heading);
    expect(copied).toContain('privacy-il@heartline.app');

    // The Terms link swaps the dialog in place, without a new history entry.
    await dialog.getByRole('link', { name: 'Terms of Service' }).first().click();
    await expect(page).toHaveURL(/\/auth\?modal=terms$/);
    await expect(legalDialog(page, 'Terms of Service')).toBeVisible();
  });
});
