import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ArrowLeftIcon, CheckIcon } from '../../components/Icons.tsx';
import { CopyIcon, WhatsAppIcon } from '../../components/NetworkIcons.tsx';
import type { LegalModal } from '../../lib/intended-url.ts';
import { useConfig } from '../../state/queries/session.ts';
import { COPY_RESET_MS, whatsAppShareUrl } from '../Network/invite-share.ts';
import { LegalDocumentBody, LegalMeta } from './LegalDocument.tsx';
import {
  plainText,
  shareMessage,
  type LegalContext,
  type LegalDocument,
  type LegalKind,
} from './legal-document.ts';
import { privacyPolicy } from './privacy.ts';
import { termsOfService } from './terms.ts';
import './legal.css';

const documents: Record<LegalKind, (context: LegalContext) => LegalDocument> = {
  terms: termsOfService,
  privacy: privacyPolicy,
};

/** The legal text of a kind, written with the product name and contacts from config. */
function useLegalDocument(kind: LegalKind): LegalDocument {
  const { productName, contacts } = useConfig();
  return useMemo(() => documents[kind]({ productName, contacts }), [kind, productName, contacts]);
}

type CopyState = 'idle' | 'success' | 'error';

const copyLabels: Record<CopyState, string> = {
  idle: 'Copy',
  success: 'Copied!',
  error: 'Copy failed',
};

/**
 * "Copy" (the whole text, as plain text) and "Share on WhatsApp" (a short message with the
 * public page's address), under the page title and in the dialog's footer.
 */
function LegalShareActions({ doc }: { doc: LegalDocument }) {
  const { productName } = useConfig();
  const toast = useToast();
  const [copy, setCopy] = useState<CopyState>('idle');
  const origin = window.location.origin;

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_RESET_MS[copy]);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(plainText(doc, origin));
      setCopy('success');
      toast.success(`${doc.title} copied to the clipboard`);
    } catch {
      setCopy('error');
      toast.error('Could not copy. Select the text and copy it with Ctrl+C.');
    }
  };

  return (
    <div className="legal__share">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => void copyText()}
        data-state={copy}
      >
        {copy === 'success' ? <CheckIcon size={20} /> : <CopyIcon size={20} />}
        {copyLabels[copy]}
      </button>
      <a
        className="btn btn--whatsapp btn--sm"
        href={whatsAppShareUrl(shareMessage(doc, productName, origin))}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppIcon size={20} />
        Share on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

const toPage = (kind: LegalKind): string => `/${kind}`;

function LegalPage({ kind }: { kind: LegalKind }) {
  const doc = useLegalDocument(kind);
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (a new tab from the sign-in screen, a shared link): back goes to the app.
  const back = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <article className="screen legal" aria-labelledby="legal-title">
      <div className="screen__header screen__header--start">
        <button type="button" className="icon-btn" aria-label="Back" onClick={back}>
          <ArrowLeftIcon size={22} />
        </button>
      </div>
      <header className="legal__header">
        <h1 id="legal-title" className="screen__title">
          {doc.title}
        </h1>
        <LegalMeta doc={doc} />
        <LegalShareActions doc={doc} />
      </header>
      <LegalDocumentBody doc={doc} level={2} linkTo={toPage} />
    </article>
  );
}

export function TermsScreen() {
  return <LegalPage kind="terms" />;
}

export function PrivacyScreen() {
  return <LegalPage kind="privacy" />;
}

/**
 * The legal text over another screen (?modal=terms|privacy, spec/3 §2). Close, Escape and a
 * click outside call `onClose`; a link to the other text swaps the dialog in place.
 */
export function LegalDialog({ kind, onClose }: { kind: LegalModal; onClose: () => void }) {
  const doc = useLegalDocument(kind);
  const { pathname } = useLocation();
  const toModal = (other: LegalKind): string => `${pathname}?modal=${other}`;

  return (
    <Dialog
      key={kind}
      title={doc.title}
      onClose={onClose}
      variant="sheet"
      footer={<LegalShareActions doc={doc} />}
    >
      <div className="legal legal--dialog">
        <LegalMeta doc={doc} />
        <LegalDocumentBody doc={doc} level={3} linkTo={toModal} replaceLinks />
      </div>
    </Dialog>
  );
}
