import { expect, type Page } from '@playwright/test';
import { chatWith, openChat, send, test as base } from './chat-helpers.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { uploadPhoto } from './invite-helpers.ts';
import { befriend, toast, type Member, type Person } from './network-helpers.ts';
import { newStaff, rootAdminFixture, staffNav } from './staff-helpers.ts';

// The staff console's Reports section (issue 47): the report queue and a case, against the real
// staff API, people signed up over HTTP and reports filed through the member API. Texts are the
// domain's (packages/domain/src/staff-console.ts `caseTexts`, relations.ts reportReasonLabels,
// standing.ts moderationReasonLabels and moderationMessages).

const test = base.extend<{ rootAdmin: Member }>({ rootAdmin: rootAdminFixture });

test.describe.configure({ timeout: 120_000 });

const WORDS =
  'He kept writing to me every night after I asked him to stop, and said he knows where I work. I blocked him on everything else already; please look at the messages below.';
const MESSAGE = 'Answer me or I will come to your office tomorrow.';

/** A report through the member API, as the report dialog files it. */
async function report(from: Member, about: Person, body: Record<string, unknown>) {
  const response = await from.page.request.post('/api/reports', {
    data: { userId: about.id, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The message `from` sends `to` in their chat, in the app; resolves to its stored id. */
async function messageIn(from: Member, to: Member, text: string): Promise<string> {
  await befriend(from, to);
  const chatId = await chatWith(from.page, to);
  await openChat(from.page, chatId, to.name);
  await send(from.page, text);
  let id = '';
  await expect
    .poll(async () => {
      const stored = await to.page.request.get(`/api/chats/${chatId}/messages`);
      const { messages } = (await stored.json()) as { messages: { id: string; content: string }[] };
      id = messages.find((m) => m.content === text)?.id ?? '';
      return id;
    })
    .not.toBe('');
  return id;
}

const filters = (page: Page) => page.getByRole('group', { name: 'Filter the queue' });
const queue = (page: Page) => page.getByRole('list', { name: /^(Cases|Decided cases)/ });
const queueRow = (page: Page, person: Person) =>
  queue(page).getByRole('listitem').filter({ hasText: person.name });
const caseOf = (page: Page, person: Person) => page.getByRole('article', { name: person.name });

/** Every POST the page makes to a path ending in `suffix`, from now on. */
function postsTo(page: Page, suffix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(suffix)) {
      seen.push(request.url());
    }
  });
  return seen;
}

test('a moderator finds the reported person in the queue, reads the case, notes it and suspends them; the case moves to closed', async ({
  people,
  rootAdmin,
}) => {
  const [reported, reporter, other, moderator] = await Promise.all([
    people.signUp('Wilhelmina-Bartholomew-Featherstonehaugh'),
    people.signUp('Rhea'),
    people.signUp('Otto'),
    newStaff(people, rootAdmin, 'Warden', 'moderator'),
  ]);
  expect(reported.name.length).toBeGreaterThanOrEqual(40);
  const profile = await reported.page.request.patch('/api/me/profile', {
    data: { bio: 'Here for the long walks.', location: 'Haifa', interests: ['Music', 'Travel'] },
  });
  expect(profile.ok()).toBe(true);
  await uploadPhoto(reported.page);
  const messageId = await messageIn(reported, reporter, MESSAGE);
  await report(reporter, reported, {
    reason: 'harassment',
    context: 'chat',
    details: WORDS,
    messageIds: [messageId],
  });
  await report(other, reported, { reason: 'spam', context: 'discover' });

  // The queue: the moderator's console opens on it; the reason filter narrows it.
  const { page } = moderator;
  await page.goto('/staff');
  await expect(staffNav(page).getByRole('link', { name: 'Reports' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
  await expect(filters(page).getByRole('radio', { name: /^Open/ })).toBeChecked();
  await filters(page).getByLabel('Reason').selectOption({ label: 'Harassment or bullying' });
  await expect(page).toHaveURL(/[?&]reason=harassment/);
  const row = queueRow(page, reported);
  await expect(row).toContainText('Harassment or bullying');
  await expect(row).toContainText('+1 more');
  await expect(row).toContainText('2 reporters');
  await expect(row).toContainText(/opened (just now|\d+ min ago)/);
  await expectNoSeriousA11yViolations(page);

  // The case takes the queue's place on a phone.
  await row.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]case=[0-9a-f-]{36}/);
  const kase = caseOf(page, reported);
  await expect(kase.getByRole('heading', { name: reported.name, level: 3 })).toBeFocused();
  await expect(queue(page)).toBeHidden();
  await expect(kase).toContainText(reported.id);
  await expect(kase.getByTestId('case-status')).toHaveText('Open');
  // The profile as reported, with its photo.
  await expect(
    kase.getByRole('img', { name: `${reported.name}'s main photo when reported` }),
  ).toBeVisible();
  await expect(kase).toContainText('Here for the long walks.');
  await expect(kase).toContainText('Haifa');
  // Each report: the reporter as staff see them, their words, the messages kept.
  const theirs = kase.getByRole('article', { name: reporter.name });
  await expect(theirs).toContainText('Harassment or bullying');
  await expect(theirs).toContainText(WORDS);
  await expect(theirs).toContainText('Verified');
  await expect(theirs).toContainText('Joined today');
  await expect(theirs).toContainText('1 friend');
  await expect(theirs).toContainText('Chat');
  await expect(theirs.locator('.case-message')).toHaveText([
    new RegExp(`From ${reported.name}.*${MESSAGE}`),
  ]);
  const others = kase.getByRole('article', { name: other.name });
  await expect(others).toContainText('Spam');
  await expect(others).toContainText('No words added.');
  await expect(others).toContainText('0 friends');
  await expect(kase).toContainText('No actions on record.');
  await expectNoSeriousA11yViolations(page);

  // A note, kept with the case and shown with who wrote it.
  await kase.getByLabel('Add a note').fill('Asked the reporter for screenshots.');
  await kase.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  const notes = kase.getByRole('list', { name: 'Staff notes' });
  await expect(notes).toContainText('Asked the reporter for screenshots.');
  await expect(notes).toContainText(moderator.name);
  await expect(kase.getByLabel('Add a note')).toHaveValue('');

  // The decision: a 7-day suspension, confirmed first.
  const decision = kase.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Suspend' }).check();
  await decision.getByRole('radio', { name: '7 days' }).check();
  await decision.getByLabel('Reason').selectOption({ label: 'Harassment or bullying' });
  await decision
    .getByLabel('Message to the person (optional)')
    .fill('You kept writing after you were asked to stop.');
  await decision.getByRole('button', { name: 'Send decision' }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend ${reported.name} for 7 days?` });
  await expect(confirm).toContainText('They can appeal once.');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(toast(page, 'Case decided')).toBeVisible();
  await expect(kase.getByTestId('case-status')).toHaveText(/^Action taken, /);
  await expect(decision).toHaveCount(0);
  await expect(kase).toContainText('Suspension: Harassment or bullying');
  await expect(kase).toContainText('Suspended');

  // What the server did: the person is suspended, the reporters hear action was taken.
  const session = (await (await reported.page.request.get('/api/auth/session')).json()) as {
    standing?: { state: string; reason: string; message: string };
  };
  expect(session.standing).toMatchObject({
    state: 'SUSPENDED',
    reason: 'harassment',
    message: 'You kept writing after you were asked to stop.',
  });
  const mine = (await (await reporter.page.request.get('/api/reports')).json()) as {
    items: { status: string; actionTaken: boolean | null }[];
  };
  expect(mine.items[0]).toMatchObject({ status: 'reviewed', actionTaken: true });

  // Back: the case has left the open queue, and shows under closed.
  await page.getByRole('button', { name: 'Back to the queue' }).click();
  await expect(page).not.toHaveURL(/[?&]case=/);
  // (Other tests' open cases may share the queue: only this person's row is looked for.)
  await expect(filters(page)).toBeVisible();
  await expect(row).toHaveCount(0);
  await filters(page)
    .getByRole('radio', { name: /^Closed/ })
    .check();
  await expect(page).toHaveURL(/[?&]state=closed/);
  await expect(queueRow(page, reported)).toContainText('Action taken');
  await expect(queueRow(page, reported)).toContainText(/decided (just now|\d+ min ago)/);
});

test('a note or a decision the server would refuse is not sent; a case decided meanwhile says so', async ({
  people,
  rootAdmin,
}) => {
  const [reported, reporter, moderator] = await Promise.all([
    people.signUp('Maximiliana-Evangelista-Featherstonehaugh'),
    people.signUp('Rafa'),
    newStaff(people, rootAdmin, 'Keeper', 'moderator'),
  ]);
  await report(reporter, reported, {
    reason: 'fake_profile',
    context: 'discover',
    details: 'The photos are of a model.',
  });
  const { page } = moderator;
  await page.goto('/staff/reports?reason=fake_profile');
  await queueRow(page, reported).getByRole('button').click();
  const kase = caseOf(page, reported);
  await expect(kase).toContainText('The photos are of a model.');

  // Notes: empty and over-long ones are refused with the server's texts, and never sent.
  const notesSent = postsTo(page, '/notes');
  const note = kase.getByLabel('Add a note');
  const addNote = kase.getByRole('button', { name: 'Add note' });
  const noteForm = kase.getByRole('form', { name: 'New note' });
  await addNote.click();
  await expect(noteForm.getByRole('alert')).toHaveText('Write the note');
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await note.fill('   \n  ');
  await addNote.click();
  await expect(noteForm.getByRole('alert')).toHaveText('Write the note');
  await note.fill('x'.repeat(2001));
  await addNote.click();
  await expect(noteForm.getByRole('alert')).toHaveText('A note can be at most 2000 characters');
  await expectNoSeriousA11yViolations(page);
  expect(notesSent).toEqual([]);
  await expect(kase).toContainText('No notes yet.');

  // The decision: what is missing, before anything is sent.
  const decisionsSent = postsTo(page, '/decision');
  const decision = kase.getByRole('form', { name: 'Decision' });
  const sendDecision = decision.getByRole('button', { name: 'Send decision' });
  await sendDecision.click();
  await expect(decision.getByRole('alert')).toHaveText('Choose a decision');
  await decision.getByRole('radio', { name: 'Warn' }).check();
  await sendDecision.click();
  await expect(decision.getByRole('alert')).toHaveText('Choose a reason');
  expect(decisionsSent).toEqual([]);

  // Another moderator's decision lands first: the server's 409, in the form.
  const caseId = new URL(page.url()).searchParams.get('case');
  const elsewhere = await page.request.post(`/api/staff/cases/${caseId}/decision`, {
    data: { kind: 'dismiss', reason: 'duplicate', message: '' },
  });
  expect(elsewhere.status()).toBe(200);
  await decision.getByLabel('Reason').selectOption({ label: 'A fake identity' });
  await sendDecision.click();
  await expect(decision.getByRole('alert')).toHaveText('This case was decided already');
  expect(decisionsSent).toHaveLength(1);
  const warned = (await (await reported.page.request.get('/api/auth/session')).json()) as {
    warning?: unknown;
  };
  expect(warned.warning).toBeUndefined();
});
