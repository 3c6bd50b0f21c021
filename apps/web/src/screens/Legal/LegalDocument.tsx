import { Fragment, type MouseEvent } from 'react';
import { Link } from '../../app/navigation.tsx';
import {
  longDate,
  type Block,
  type LegalDocument,
  type LegalKind,
  type Rich,
} from './legal-document.ts';

type HeadingLevel = 2 | 3;

type BodyProps = {
  doc: LegalDocument;
  /** The level of the section headings: 2 under the page's h1, 3 under a dialog's h2. */
  level: HeadingLevel;
  /** Where a link to the other legal text goes (the page, or the dialog over this screen). */
  linkTo: (kind: LegalKind) => string;
  /** Links replace the history entry (inside a dialog, so Back does not bring it back). */
  replaceLinks?: boolean;
};

type LinkProps = Pick<BodyProps, 'linkTo' | 'replaceLinks'>;

function RichText({ rich, linkTo, replaceLinks }: LinkProps & { rich: Rich }) {
  if (typeof rich === 'string') return rich;
  return rich.map((part, i) => {
    if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>;
    if ('email' in part) {
      return (
        <a key={i} href={`mailto:${part.email}`} className="text-link legal__email">
          {part.email}
        </a>
      );
    }
    return (
      <Link key={i} to={linkTo(part.to)} replace={replaceLinks} className="text-link">
        {part.text}
      </Link>
    );
  });
}

function Blocks({ blocks, ...links }: LinkProps & { blocks: readonly Block[] }) {
  return blocks.map((block, i) =>
    'p' in block ? (
      <p key={i}>
        <RichText rich={block.p} {...links} />
      </p>
    ) : (
      <ul key={i} className="legal__list">
        {block.list.map((item, j) => (
          <li key={j}>
            <RichText rich={item} {...links} />
          </li>
        ))}
      </ul>
    ),
  );
}

/** Moves to a section without touching the URL (a dialog's history must stay as it is). */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

/** "Version 1.0 · Effective 1/09/2025 (1 September 2025)". */
export function LegalMeta({ doc }: { doc: LegalDocument }) {
  return (
    <p className="legal__meta">
      <span>Version {doc.version}</span>
      <span>
        Effective <time dateTime={doc.effective.iso}>{doc.effective.text}</time> (
        {longDate(doc.effective.iso)})
      </span>
    </p>
  );
}

/** The summary, a table of contents and the numbered sections of one legal text. */
export function LegalDocumentBody({ doc, level, ...links }: BodyProps) {
  const H = `h${level}` as const;
  return (
    <div className="legal__body">
      <section className="legal__summary" aria-labelledby={`${doc.kind}-summary`}>
        <H id={`${doc.kind}-summary`} className="legal__heading">
          {doc.summary.heading}
        </H>
        <Blocks blocks={doc.summary.blocks} {...links} />
      </section>

      <nav className="legal__toc" aria-label={`${doc.title} contents`}>
        <p className="legal__toc-title" aria-hidden="true">
          Contents
        </p>
        <ul>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={(event) => jumpTo(event, section.id)}>
                {section.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {doc.sections.map((section) => (
        <section key={section.id} className="legal__section" aria-labelledby={section.id}>
          <H id={section.id} className="legal__heading" tabIndex={-1}>
            {section.heading}
          </H>
          <Blocks blocks={section.blocks} {...links} />
        </section>
      ))}

      {doc.finalNote && (
        <section className="legal__final" aria-labelledby={`${doc.kind}-final`}>
          <H id={`${doc.kind}-final`} className="legal__heading">
            {doc.finalNote.heading}
          </H>
          <Blocks blocks={doc.finalNote.blocks} {...links} />
        </section>
      )}
    </div>
  );
}
