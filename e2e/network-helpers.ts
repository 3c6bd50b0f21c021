import { expect, type Page } from '@playwright/test';
import { newcomer, signInAsNew, signInAsPersona } from './helpers.ts';

export type Person = { id: string; name: string };

/**
 * Opens a path and waits until the realtime socket has joined (Socket.IO's "40" connect
 * frame), so events sent from now on reach this page.
 */
export async function gotoLive(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io'));
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40'));
}

export async function me(page: Page): Promise<Person> {
  const response = await page.request.get('/api/auth/session');
  const body = (await response.json()) as { user: { id: string; name: string } };
  return { id: body.user.id, name: body.user.name };
}

/**
 * A new person past onboarding (the onboarding screens have their own journeys): signs in at
 * the development provider, then saves the profile step and completes through the API.
 */
export async function signUpOnboarded(page: Page, label: string): Promise<Person> {
  const person = newcomer(label);
  await page.goto('/auth');
  await signInAsNew(page, person);
  await expect(page).toHaveURL(/\/onboarding/);
  // Leave the app first: the open onboarding screen would follow the completion with its own
  // redirect to /profile, racing the next page.goto.
  await page.goto('about:blank');
  const dob = new Date(Date.UTC(new Date().getUTCFullYear() - 30, 4, 17))
    .toISOString()
    .slice(0, 10);
  const saved = await page.request.put('/api/onboarding/profile', {
    data: { name: person.name, dob },
  });
  expect(saved.ok()).toBe(true);
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);
  return { id: (await me(page)).id, name: person.name };
}

export async function signInPersona(page: Page, name: RegExp): Promise<Person> {
  await page.goto('/auth');
  await signInAsPersona(page, name);
  await expect(page).not.toHaveURL(/\/auth/);
  return me(page);
}

export function rows(page: Page) {
  return page.getByTestId('connection-row');
}

export function row(page: Page, name: string) {
  return rows(page).filter({ has: page.getByText(name, { exact: true }) });
}

export async function openTab(page: Page, label: RegExp) {
  await page.getByRole('tab', { name: label }).click();
  await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
}

export type Summary = {
  counts: { all: number; first: number; second: number; third: number; favorites: number };
  thirdCapped: boolean;
  trustScore: number;
  pendingRequests: number;
};

export async function summary(page: Page): Promise<Summary> {
  const response = await page.request.get('/api/network/summary');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Summary;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.toast').filter({ hasText: text });
}
