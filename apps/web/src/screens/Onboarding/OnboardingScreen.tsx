import { useLocation, useNavigate, Link } from 'react-router';
import { HeartLogo } from '../../components/HeartLogo.tsx';
import { firstName } from '../../lib/format.ts';
import { legalModalFrom } from '../../lib/intended-url.ts';
import { useMe } from '../../state/queries/session.ts';
import { LegalDialog } from '../Legal/LegalScreen.tsx';

const STEPS = 3;

/** Onboarding step 1 (spec/1 §2). Steps 2 and 3 arrive with the profile issue. */
export function OnboardingScreen() {
  const me = useMe();
  const { search } = useLocation();
  const navigate = useNavigate();
  const modal = legalModalFrom(search);
  const name = firstName(me?.name);
  const step = 1;

  return (
    <section className="screen onboarding" aria-labelledby="onboarding-title">
      <div
        className="progress progress--thin"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={STEPS}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${STEPS}`}
      >
        <div className="progress__fill" style={{ transform: `scaleX(${step / STEPS})` }} />
      </div>
      <p className="screen__kicker">
        Step {step} of {STEPS}
      </p>
      <div className="onboarding__body">
        <HeartLogo size={80} />
        <h1 id="onboarding-title" className="onboarding__title">
          {name ? `Welcome, ${name}!` : 'Welcome!'}
        </h1>
        <p className="muted">
          Setting up your name, birthdate and photo here is arriving soon. Until then you can look
          around your profile.
        </p>
        <Link to="/profile" className="btn btn--primary btn--block">
          Continue to your profile
        </Link>
      </div>
      {modal && <LegalDialog kind={modal} onClose={() => void navigate('/', { replace: true })} />}
    </section>
  );
}
