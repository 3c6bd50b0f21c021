import { ThemeToggle } from '../../components/ThemeToggle.tsx';

export function SettingsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">
        Settings
      </h1>
      <div className="card">
        <h2 className="card__title">Appearance</h2>
        <ThemeToggle />
      </div>
      <p className="muted">Privacy, notification and account settings are coming soon.</p>
    </section>
  );
}
