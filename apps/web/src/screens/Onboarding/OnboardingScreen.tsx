import { profileMessages, timing, yearsAgo, type Me } from '@heartline/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { CheckIcon } from '../../components/Icons.tsx';
import { HeartLogo } from '../../components/HeartLogo.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { firstName } from '../../lib/format.ts';
import { legalModalFrom, afterOnboarding } from '../../lib/intended-url.ts';
import { safeStorage } from '../../lib/storage-keys.ts';
import { hasOnboardingNotice, isOnboardingForced } from '../../lib/onboarding-gate.ts';
import { ONBOARDING_STEPS, toStep, type OnboardingStep } from '../../lib/onboarding-store.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { useMe } from '../../state/queries/session.ts';
import { PhotoStep } from './PhotoStep.tsx';
import { cleanDraft } from './onboarding-draft.ts';
import { ProfileStep } from './ProfileStep.tsx';
import { useOnboarding } from './use-onboarding.ts';
import './onboarding.css';

// Only opened from a link (?modal=terms|privacy): the documents stay off this screen's load.
const LegalDialog = lazy(() =>
  import('../Legal/LegalScreen.tsx').then((m) => ({ default: m.LegalDialog })),
);

/** The onboarding flow, /onboarding (spec/1 §2): welcome, profile, photo. */
export function OnboardingScreen() {
  const me = useMe();
  const location = useLocation();
  const { search } = location;
  const navigate = useNavigate();
  const toast = useToast();
  const modal = legalModalFrom(search);
  const noticeWanted = hasOnboardingNotice(location.state);
  // Effects run twice in development (StrictMode); the notice must show once.
  const noticeShown = useRef(false);

  useEffect(() => {
    if (!noticeWanted || noticeShown.current) return;
    noticeShown.current = true;
    toast.info(profileMessages.completeOnboardingFirst);
    // Not dropped from the history entry here: the flow below writes its step into the entry
    // in place of the notice, so a reload does not repeat it. Replacing the entry here too ran
    // after the flow's own write (effects run child first) and emptied it: the next step then
    // took the first step's entry, and Back did nothing (issue 45 review).
  }, [noticeWanted, toast]);

  return (
    <>
      {me ? (
        <Onboarding me={me} forced={isOnboardingForced(search) || modal !== null} />
      ) : (
        <PageLoading />
      )}
      {modal && (
        <Suspense fallback={null}>
          <LegalDialog kind={modal} onClose={() => void navigate('/', { replace: true })} />
        </Suspense>
      )}
    </>
  );
}

type Phase = 'steps' | 'finishing' | 'done';

function Onboarding({ me, forced }: { me: Me; forced: boolean }) {
  const profile = useOwnProfileQuery();
  const flow = useOnboarding(me, profile.data);
  const [phase, setPhase] = useState<Phase>('steps');
  // The photo step's camera takes the whole screen, as it does from Profile.
  const [camera, setCamera] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  const { pathname, search } = location;
  const entry = readStepEntry(location.state);

  // The history entry says which step it shows: the browser's Back and Forward move the flow
  // there; an entry that says nothing (the first, a reload) is told the step it shows, once the
  // step is known. An entry is followed once, when it comes; one the flow moved to itself
  // (`moveTo`) is followed already.
  const followed = useRef<string | null>(null);
  const ownMove = useRef(false);
  const moveTo = (state: StepEntry, replace: boolean) => {
    ownMove.current = true;
    navigate(pathname + search, { replace, state });
  };
  const { goTo, step: flowStep, stepKnown } = flow;
  // Done already (elsewhere, or the cached answer was old): the screen leaves for the one asked
  // for, and its history entry must not be told a step (that navigation would win the race).
  const doneElsewhere = phase === 'steps' && me.onboardingCompleted && !forced;
  useEffect(() => {
    if (phase !== 'steps' || !stepKnown || doneElsewhere) return;
    if (ownMove.current) {
      ownMove.current = false;
      followed.current = location.key;
      return;
    }
    if (!entry) {
      moveTo(stepEntry(flowStep, false), true);
      return;
    }
    if (followed.current === location.key) return;
    followed.current = location.key;
    if (entry.step !== flowStep) goTo(entry.step);
  });

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(
      () => void navigate(afterOnboarding(safeStorage('session'), '/profile'), { replace: true }),
      timing.onboardingCompleteRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  if (doneElsewhere) {
    return <Redirect to={afterOnboarding(safeStorage('session'), '/profile')} replace />;
  }
  // The starting step may depend on the server's record; wait for it rather than flash step 1.
  if (profile.isPending && flow.step === 1 && !flow.draft) {
    return <PageLoading label="Loading your profile..." />;
  }

  const finish = async () => {
    if (phase !== 'steps') return;
    setPhase('finishing');
    if (await flow.finish()) {
      setPhase('done');
    } else {
      setPhase('steps');
      toast.error('Could not finish setting up. Please check your connection and try again.');
    }
  };

  const step = flow.step;
  const name = firstName(profile.data?.name ?? me.name);

  /**
   * Each step is an entry of the browser's history (issue 45: the steps pushed none, so Back
   * left the app for the spent sign-in page): a step moved forward to is pushed, and the
   * browser's Back and Forward move between the steps (the effect above).
   */
  function forward(to: OnboardingStep, options: { recorded?: boolean } = {}) {
    if (!options.recorded) flow.goTo(to);
    moveTo(stepEntry(to, true), false);
  }
  /** The step's own Back: the browser's Back where this step was pushed, else in place. */
  function back(to: OnboardingStep) {
    if (entry?.step === step && entry.pushed) {
      navigate(-1);
      return;
    }
    flow.goTo(to);
    moveTo(stepEntry(to, false), true);
  }

  const fullScreenCamera = camera && step === 3 && phase !== 'done';

  // The same element tree with the camera open or not: the photo step keeps its upload state.
  return (
    <section
      className={fullScreenCamera ? 'onboarding onboarding--camera' : 'screen onboarding'}
      aria-labelledby={fullScreenCamera ? undefined : 'onboarding-title'}
    >
      {!fullScreenCamera && (
        <>
          <div
            className="progress progress--thin"
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={0}
            aria-valuemax={ONBOARDING_STEPS}
            aria-valuenow={phase === 'done' ? ONBOARDING_STEPS : step}
            aria-valuetext={`Step ${step} of ${ONBOARDING_STEPS}`}
          >
            <div
              className="progress__fill"
              style={{ transform: `scaleX(${phase === 'done' ? 1 : step / ONBOARDING_STEPS})` }}
            />
          </div>
          <p className="screen__kicker">
            Step {step} of {ONBOARDING_STEPS}
          </p>
        </>
      )}

      <div className="onboarding__body">
        {phase === 'done' ? (
          <div className="onboarding__done" role="status">
            <span className="onboarding__done-mark" aria-hidden="true">
              <CheckIcon size={40} />
            </span>
            <h1 id="onboarding-title" className="onboarding__title">
              {name ? `You're all set, ${name}!` : "You're all set!"}
            </h1>
            <p className="muted">Taking you to your profile...</p>
          </div>
        ) : step === 1 ? (
          <div className="onboarding__welcome">
            <HeartLogo size={80} />
            <h1 id="onboarding-title" className="onboarding__title">
              {name ? `Welcome, ${name}!` : 'Welcome!'}
            </h1>
            <p className="muted">
              Meet people through the people you already know. Let&apos;s set up your profile.
            </p>
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => forward(2)}
            >
              Let&apos;s Get Started
            </button>
            <p className="muted onboarding__note">This will only take 2 minutes</p>
          </div>
        ) : step === 2 ? (
          <ProfileStep
            initial={
              (flow.draft && cleanDraft(flow.draft)) ?? {
                name: profile.data?.name ?? me.name ?? '',
                dob: profile.data?.dob ?? me.dob ?? yearsAgo(18),
                // Asked, never assumed: filled in only once this step was saved.
                ...(profile.data?.onboarding.profileStepCompleted
                  ? {
                      gender: profile.data.gender,
                      interestedIn: profile.data.interestedIn,
                      datingGoal: profile.data.datingGoal,
                    }
                  : { gender: '', interestedIn: '', datingGoal: '' }),
              }
            }
            saving={flow.saving}
            onChange={flow.setDraft}
            onBack={() => back(1)}
            onSubmit={async (draft) => {
              const outcome = await flow.submitProfile(draft);
              if (outcome.kind !== 'invalid') forward(3, { recorded: true });
              if (outcome.kind === 'kept') {
                toast.info('Saved on this device. It will be sent when the connection is back.');
              }
              return outcome;
            }}
          />
        ) : (
          <PhotoStep
            currentPhoto={profile.data?.photo?.url ?? me.photoUrl}
            finishing={phase === 'finishing'}
            onFinish={() => void finish()}
            camera={camera}
            onCamera={setCamera}
            onBack={() => back(2)}
          />
        )}
      </div>
    </section>
  );
}

/** What an onboarding history entry holds: its step, and whether a step's Continue pushed it. */
type StepEntry = { onboardingStep: OnboardingStep; pushed: boolean };

function stepEntry(step: OnboardingStep, pushed: boolean): StepEntry {
  return { onboardingStep: step, pushed };
}

function readStepEntry(state: unknown): { step: OnboardingStep; pushed: boolean } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { onboardingStep, pushed } = state as Partial<StepEntry>;
  const step = toStep(onboardingStep);
  return step ? { step, pushed: pushed === true } : null;
}
