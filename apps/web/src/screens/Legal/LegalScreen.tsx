import { Link } from 'react-router';
import { Dialog } from '../../components/Dialog.tsx';
import type { LegalModal } from '../../lib/intended-url.ts';
import { useConfig } from '../../state/queries/session.ts';

const titles: Record<LegalModal, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

function LegalText({ kind }: { kind: LegalModal }) {
  const { productName } = useConfig();
  return kind === 'terms' ? (
    <p>
      The full Terms of Service for {productName} are being finalised and will be published here
      before the app opens to the public. {productName} is for adults aged 18 and over; its core
      features are free.
    </p>
  ) : (
    <p>
      The full Privacy Policy for {productName} is being finalised and will be published here. It
      will describe exactly what we store about you, why, and how you can export or delete your
      data.
    </p>
  );
}

function LegalPage({ kind }: { kind: LegalModal }) {
  return (
    <article className="screen legal" aria-labelledby="legal-title">
      <h1 id="legal-title" className="screen__title">
        {titles[kind]}
      </h1>
      <LegalText kind={kind} />
      <p>
        <Link to="/" className="text-link">
          Back to the app
        </Link>
      </p>
    </article>
  );
}

export function TermsScreen() {
  return <LegalPage kind="terms" />;
}

export function PrivacyScreen() {
  return <LegalPage kind="privacy" />;
}

/** The legal text over another screen (?modal=terms|privacy). */
export function LegalDialog({ kind, onClose }: { kind: LegalModal; onClose: () => void }) {
  return (
    <Dialog title={titles[kind]} onClose={onClose}>
      <LegalText kind={kind} />
    </Dialog>
  );
}
