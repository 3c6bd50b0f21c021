import type { ReactNode } from 'react';

/** An honest placeholder for a screen that arrives in a later issue. */
export function ComingSoon({
  title,
  children,
  icon,
}: {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <section className="screen screen--center" aria-labelledby="screen-title">
      <div className="coming-soon">
        {icon && (
          <span className="coming-soon__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <h1 id="screen-title" className="screen__title">
          {title}
        </h1>
        <p className="muted">{children}</p>
      </div>
    </section>
  );
}
