import { DEFAULT_LEGAL_CONTACTS, legalContacts } from '@heartline/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from '../../app/navigation.tsx';
import { describe, expect, it } from 'vitest';
import { LegalDocumentBody, LegalMeta } from './LegalDocument.tsx';
import {
  plainText,
  shareMessage,
  type LegalContext,
  type LegalDocument,
} from './legal-document.ts';
import { privacyPolicy } from './privacy.ts';
import { termsOfService } from './terms.ts';

/** Config that differs from the defaults, so the texts must have read it. */
const context: LegalContext = {
  productName: 'Lovebirds',
  contacts: legalContacts({
    general: 'team@lovebirds.example',
    legal: 'counsel@lovebirds.example',
    privacy: 'dpo@lovebirds.example',
  }),
};

function render(doc: LegalDocument): string {
  return renderToStaticMarkup(
    createElement(Router, {
      ssrPath: '/',
      children: [
        createElement(LegalMeta, { doc, key: 'meta' }),
        createElement(LegalDocumentBody, {
          doc,
          level: 2,
          linkTo: (kind) => `/${kind}`,
          key: 'body',
        }),
      ],
    }),
  );
}

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The text of every <h2>, in document order. */
function h2s(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => decode(m[1] ?? ''));
}

function expectInOrder(headings: string[], patterns: RegExp[]) {
  expect(headings).toHaveLength(patterns.length);
  headings.forEach((heading, i) => expect(heading).toMatch(patterns[i]!));
}

/** "end-to-end" may only appear to say that something is not end-to-end encrypted. */
function expectNoEndToEndClaim(text: string) {
  const mentions = [...text.matchAll(/end[\s-]to[\s-]end/gi)];
  for (const m of mentions) {
    expect(text.slice(Math.max(0, (m.index ?? 0) - 8), m.index)).toMatch(/\bnot $/);
  }
  expect(text).not.toMatch(/\bE2EE?\b/);
}

const termsSections = [
  /acceptance and eligibility/i,
  /trust score/i,
  /conduct/i,
  /safety/i,
  /content and ownership/i,
  /premium/i,
  /privacy/i,
  /liability/i,
  /disputes/i,
  /termination/i,
  /changes to these terms/i,
  /contact/i,
];

const privacySections = [
  /what we collect/i,
  /how we use/i,
  /share/i,
  /rights/i,
  /how long we keep/i,
  /security/i,
  /AI transparency/i,
  /international compliance/i,
  /children/i,
  /changes to this policy/i,
  /contact/i,
];

describe('Terms of Service', () => {
  const doc = termsOfService(context);
  const html = render(doc);
  const text = decode(html);

  it('is version 1.0 Global Standard Edition, effective 1/09/2025 (1 September 2025)', () => {
    expect(doc.title).toBe('Terms of Service');
    expect(doc.version).toBe('1.0 Global Standard Edition');
    expect(text).toContain('Version 1.0 Global Standard Edition');
    expect(html).toContain('<time dateTime="2025-09-01">1/09/2025</time>');
    expect(text).toContain('1 September 2025');
  });

  it('has a quick summary, twelve sections in order and a final note', () => {
    expect(doc.sections.map((s) => s.heading).join('|')).toBe(h2s(html).slice(1, -1).join('|'));
    expect(h2s(html)[0]).toBe('Quick summary');
    expectInOrder(
      doc.sections.map((s) => s.heading),
      termsSections,
    );
    expect(h2s(html).at(-1)).toBe('A final note');
    // Every section is in the table of contents, linked to its heading.
    for (const section of doc.sections) {
      expect(html).toContain(`href="#${section.id}"`);
      expect(html).toContain(`id="${section.id}"`);
    }
  });

  it('links to the Privacy Policy', () => {
    expect(html).toMatch(/<a[^>]*href="\/privacy"[^>]*>Privacy Policy<\/a>/);
  });

  it('states the policy constants', () => {
    expect(text).toContain('18');
    expect(text).toMatch(/10 points for each 1st-degree/);
    expect(text).toMatch(/1 point for each 2nd-degree/);
    expect(text).toMatch(/12 months/);
    expect(text).toMatch(/100 US dollars/);
    expect(text).toMatch(/30 days before it takes effect/);
    expect(text).toMatch(/inactive for 90 days/);
    expect(text).toMatch(/immediately/);
    for (const region of ['United States', 'United Kingdom', 'India', 'Israel']) {
      expect(text).toContain(region);
    }
  });

  it('takes the product name and the contact addresses from config', () => {
    expect(text).toContain('Lovebirds');
    expect(text).not.toContain('Heartline');
    expect(html).toContain('href="mailto:team@lovebirds.example"');
    expect(html).toContain('href="mailto:counsel@lovebirds.example"');
    expect(text).not.toContain(DEFAULT_LEGAL_CONTACTS.general);
  });

  it('makes no end-to-end encryption claim', () => {
    expectNoEndToEndClaim(text);
  });
});

describe('Privacy Policy', () => {
  const doc = privacyPolicy(context);
  const html = render(doc);
  const text = decode(html);

  it('is version 5.0 with eleven sections in order', () => {
    expect(doc.title).toBe('Privacy Policy');
    expect(text).toContain('Version 5.0');
    expect(h2s(html).slice(1)).toEqual(doc.sections.map((s) => s.heading));
    expectInOrder(
      doc.sections.map((s) => s.heading),
      privacySections,
    );
  });

  it('says only what is true: encryption, photos, location, sign-in, export and delete', () => {
    expectNoEndToEndClaim(text);
    expect(text).toContain('encrypted in transit and at rest');
    expect(text).toContain('not end-to-end encrypted');
    expect(text).toMatch(/EXIF/);
    expect(text).toMatch(/city or region text you type/);
    expect(text).toMatch(/never asks for GPS/);
    expect(text).toMatch(/Google \(OpenID Connect\)/);
    expect(text).toMatch(/JSON file \(Settings\)/);
    expect(text).toMatch(/delete your account \(Settings\); it disappears at once/);
    expect(text).toMatch(/never sell/);
    expect(text).toMatch(/no third-party analytics or advertising trackers/);
    expect(text).toMatch(/within 72 hours/);
    expect(text).toMatch(/erased within 30 days/);
    expect(text).toMatch(/does not use artificial intelligence/);
    expect(text).toMatch(/orders them by trust score, which is a plain count/);
    for (const setting of [
      'hide from search',
      'show your age',
      'location sharing',
      'online status',
      'read receipts',
      'typing indicators',
    ]) {
      expect(text).toContain(setting);
    }
  });

  it('shows the general, legal, privacy and regional addresses from config', () => {
    for (const email of [
      'team@lovebirds.example',
      'counsel@lovebirds.example',
      'dpo@lovebirds.example',
      'dpo-us@lovebirds.example',
      'dpo-uk@lovebirds.example',
      'dpo-in@lovebirds.example',
      'dpo-il@lovebirds.example',
    ]) {
      expect(html).toContain(`href="mailto:${email}"`);
    }
    expect(text).not.toContain('Heartline');
  });

  it('links to the Terms of Service', () => {
    expect(html).toMatch(/<a[^>]*href="\/terms"[^>]*>Terms of Service<\/a>/);
  });
});

describe('copy and share', () => {
  it('copies the whole text: every heading, paragraph and address', () => {
    for (const doc of [termsOfService(context), privacyPolicy(context)]) {
      const copied = plainText(doc, 'https://lovebirds.example');
      expect(copied).toContain(`https://lovebirds.example/${doc.kind}`);
      expect(copied).toContain(`Version ${doc.version}`);
      // Every paragraph and list item of the text (the contents list repeats the headings).
      const html = render(doc);
      const pieces = [...html.matchAll(/<(p|li)>(.*?)<\/\1>/g)].map((m) => decode(m[2] ?? ''));
      expect(pieces.length).toBeGreaterThan(doc.sections.length);
      for (const piece of pieces) expect(copied).toContain(piece);
    }
  });

  it('shares a short message with the public address', () => {
    expect(shareMessage(termsOfService(context), 'Lovebirds', 'https://lovebirds.example')).toBe(
      'Lovebirds Terms of Service: https://lovebirds.example/terms',
    );
  });
});
