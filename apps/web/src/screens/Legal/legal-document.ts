import type { LegalContacts } from '@heartline/domain';

/**
 * The legal texts as data: a title, version, effective date, a summary and numbered sections
 * of paragraphs and lists. One component renders them (LegalDocument.tsx); `plainText` gives
 * the same words for "Copy".
 */

export type LegalKind = 'terms' | 'privacy';

/** A piece of running text: words, a link to the other legal page, or an e-mail address. */
export type Inline = string | { text: string; to: LegalKind } | { email: string };

/** A paragraph or list item: plain words, or words with links in them. */
export type Rich = string | readonly Inline[];

export type Block = { p: Rich } | { list: readonly Rich[] };

export type LegalSection = {
  /** The anchor id, unique on the page. */
  id: string;
  heading: string;
  blocks: readonly Block[];
};

export type LegalDocument = {
  kind: LegalKind;
  title: string;
  version: string;
  /** As the spec writes it (day/month/year), and as an ISO date for <time>. */
  effective: { text: string; iso: string };
  summary: { heading: string; blocks: readonly Block[] };
  sections: readonly LegalSection[];
  finalNote?: { heading: string; blocks: readonly Block[] };
};

/** A paragraph of words and links. */
export const p = (...parts: Inline[]): Block => ({ p: parts });
/** A bulleted list; an item is words, or words and links. */
export const list = (...items: (string | Inline[])[]): Block => ({ list: items });
export const mail = (email: string): Inline => ({ email });

/** What the texts are written from: the product's name and its contact addresses (config). */
export type LegalContext = { productName: string; contacts: LegalContacts };

export const legalPaths: Record<LegalKind, `/${LegalKind}`> = {
  terms: '/terms',
  privacy: '/privacy',
};

/** "1 September 2025" for an ISO date, whatever the reader's locale. */
export function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function effectiveLabel(doc: LegalDocument): string {
  return `Effective ${doc.effective.text} (${longDate(doc.effective.iso)})`;
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if ('email' in part) return part.email;
  return part.text;
}

export function richText(rich: Rich): string {
  return typeof rich === 'string' ? rich : rich.map(inlineText).join('');
}

function blocksText(blocks: readonly Block[]): string[] {
  return blocks.map((block) =>
    'p' in block ? richText(block.p) : block.list.map((item) => `- ${richText(item)}`).join('\n'),
  );
}

/** The whole document as plain text, for the clipboard. */
export function plainText(doc: LegalDocument, origin: string): string {
  const parts = [
    doc.title,
    `Version ${doc.version} · ${effectiveLabel(doc)}`,
    `${origin}${legalPaths[doc.kind]}`,
    doc.summary.heading,
    ...blocksText(doc.summary.blocks),
    ...doc.sections.flatMap((section) => [section.heading, ...blocksText(section.blocks)]),
    ...(doc.finalNote ? [doc.finalNote.heading, ...blocksText(doc.finalNote.blocks)] : []),
  ];
  return `${parts.join('\n\n')}\n`;
}

/** The short message the WhatsApp button shares: the title and the public page's address. */
export function shareMessage(doc: LegalDocument, productName: string, origin: string): string {
  return `${productName} ${doc.title}: ${origin}${legalPaths[doc.kind]}`;
}
