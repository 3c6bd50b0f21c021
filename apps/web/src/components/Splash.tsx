import { shellMessages } from '@heartline/domain';
import { useEffect } from 'react';
import { LaunchScreenGone } from '../lib/launch-screen.ts';
import { splashPercent, type SplashStep } from '../lib/splash-progress.ts';
import { useConfig } from '../state/queries/session.ts';
import { HeartLogo } from './HeartLogo.tsx';
import { CheckIcon } from './Icons.tsx';

const FADE_OUT_MS = 350;

/** Cold-start splash: each step turns done when its real loading work finishes. */
export function Splash({ steps, onFinished }: { steps: SplashStep[]; onFinished: () => void }) {
  const { productName } = useConfig();
  const done = splashPercent(steps) === 100;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onFinished, FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [done, onFinished]);

  return (
    <>
      <LaunchScreenGone />
      <SplashView productName={productName} steps={steps} />
    </>
  );
}

/**
 * The splash as markup alone. `launch`: the launch screen `index.html` carries, painted before
 * any script runs (issue 17): the same markup at the start, with all but the mark and the name
 * hidden (`.splash--launch`), so neither moves when the splash takes its place.
 * `launch-screen.test.ts` holds `index.html`'s copy to this.
 */
export function SplashView({
  productName,
  steps,
  launch = false,
}: {
  productName: string;
  steps: SplashStep[];
  launch?: boolean;
}) {
  const percent = splashPercent(steps);
  const done = percent === 100;
  return (
    <div
      className={launch ? 'splash splash--launch' : done ? 'splash splash--done' : 'splash'}
      role="status"
      aria-live="polite"
      aria-busy={!done}
    >
      <div className="splash__card">
        <HeartLogo size={72} />
        <p className="splash__eyebrow">{shellMessages.initializing}</p>
        <h1 className="splash__title">{productName}</h1>
        <div
          className="progress"
          role="progressbar"
          aria-label="Loading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          {/* The launch screen's copy is static HTML, where the CSP allows no style attribute. */}
          <div
            className="progress__fill"
            style={launch ? undefined : { transform: `scaleX(${percent / 100})` }}
          />
        </div>
        <p className="splash__percent">{percent}%</p>
        <ol className="splash__steps">
          {steps.map((step) => (
            <li
              key={step.label}
              className={step.done ? 'splash__step splash__step--done' : 'splash__step'}
            >
              <span className="splash__step-mark" aria-hidden="true">
                {step.done ? <CheckIcon size={14} /> : <span className="spinner spinner--xs" />}
              </span>
              <span className="splash__step-label">{step.label}</span>
              <span className="splash__step-detail">
                {step.detail}
                <span className="visually-hidden">{step.done ? ', done' : ', loading'}</span>
              </span>
            </li>
          ))}
        </ol>
        {/* In place from the start, shown once done: text that appears moves (a layout shift). */}
        <p className="splash__footer" data-shown={done || undefined}>
          {shellMessages.settingUp}
        </p>
      </div>
    </div>
  );
}
