import { z } from './zod.ts';
import { safeText } from './text.ts';

/**
 * Profile prompts (issue 48): a person answers up to PROMPTS_MAX of these, in their own words,
 * and the answers show on their profile under the prompt. Stored by id (users.prompts), so a
 * prompt's wording can be improved without touching anyone's answer; an id is never reused for
 * a different question.
 */
export const PROMPTS = {
  'first-date': 'A perfect first date…',
  'friends-say': 'My friends would say I’m…',
  sunday: 'A typical Sunday…',
  'green-flag': 'The green flag I look for…',
  'unpopular-opinion': 'My most unpopular opinion…',
  'two-truths': 'Two truths and a lie…',
  'geek-out': 'I geek out on…',
  'best-advice': 'The best advice a friend gave me…',
  'together-we': 'Together, we could…',
  'simple-pleasure': 'My simplest pleasure…',
  'comfort-food': 'My comfort food…',
  'last-trip': 'The last trip that surprised me…',
  learning: 'Lately I’ve been learning…',
  'introduced-by': 'The friend who’d introduce us would say…',
  'win-me-over': 'You’ll win me over if…',
  dealbreaker: 'A gentle dealbreaker…',
  'proud-of': 'Something I’m quietly proud of…',
  'weekend-plan': 'This weekend I’ll probably…',
  'song-on-repeat': 'The song I have on repeat…',
  'book-recommend': 'A book I keep recommending…',
  'never-shut-up': 'I could talk for hours about…',
  'small-joy': 'A small thing that makes my day…',
  'hidden-talent': 'My hidden talent…',
  'ideal-evening': 'My ideal evening in…',
  'looking-for': 'What I’m looking for here…',
  'cook-for-you': 'If I cooked for you, it would be…',
  'childhood-dream': 'As a kid I wanted to be…',
  'bucket-list': 'Next on my bucket list…',
  'change-my-mind': 'Change my mind about…',
  'recent-laugh': 'The last thing that made me laugh out loud…',
} as const;
export type PromptId = keyof typeof PROMPTS;
export const PROMPT_IDS = Object.keys(PROMPTS) as [PromptId, ...PromptId[]];

export const PROMPTS_MAX = 3;
export const PROMPT_ANSWER_MAX = 150;

export const promptMessages = {
  invalidPrompt: 'Choose prompts from the list',
  answerRequired: 'Write an answer, or remove the prompt',
  answerTooLong: `An answer must be at most ${PROMPT_ANSWER_MAX} characters`,
  tooMany: `Choose at most ${PROMPTS_MAX} prompts`,
  duplicate: 'Each prompt can be answered once',
  heading: 'Prompts',
  add: 'Add a prompt',
  addChosen: 'Add',
  hint: `Answer up to ${PROMPTS_MAX} in your own words; they show on your profile.`,
  choose: 'Choose a prompt',
  remove: 'Remove prompt',
  answerLabel: 'Your answer',
} as const;

export type PromptAnswer = { prompt: PromptId; answer: string };

/** One answer: a prompt of the list and 1..150 characters of text (a bio's rule). */
export const promptAnswerSchema = z.lazy(() =>
  z.strictObject({
    prompt: z.enum(PROMPT_IDS, { message: promptMessages.invalidPrompt }),
    answer: z
      .string({ message: promptMessages.answerRequired })
      .check(
        z.trim(),
        z.minLength(1, promptMessages.answerRequired),
        z.maxLength(PROMPT_ANSWER_MAX, promptMessages.answerTooLong),
        z.superRefine(safeText('Answer', 'multiline')),
      ),
  }),
);

/** The whole list, as Edit Profile saves it: at most three, each prompt once. */
export const promptAnswersSchema = z.lazy(() =>
  z.array(promptAnswerSchema, { message: promptMessages.invalidPrompt }).check(
    z.maxLength(PROMPTS_MAX, promptMessages.tooMany),
    z.refine(
      (list) => new Set(list.map((p) => p.prompt)).size === list.length,
      promptMessages.duplicate,
    ),
  ),
);

/** A stored list read back: unknown ids (none today) are dropped rather than shown raw. */
export function knownPrompts(stored: unknown): PromptAnswer[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (p): p is PromptAnswer =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as PromptAnswer).answer === 'string' &&
      Object.hasOwn(PROMPTS, (p as PromptAnswer).prompt),
  );
}
