/**
 * The splash reflects real start-up work. Each of the four product steps is tied to one
 * concrete piece of loading; the splash stays until all are done.
 */
export type SplashStep = { label: string; detail: string; done: boolean };

export type StartupState = {
  sessionSettled: boolean;
  configSettled: boolean;
  /**
   * The live connection is started for the signed-in user; true when there is no user to
   * connect. The splash does not wait for it to connect: no screen needs the socket to show,
   * a warm start shows its screen without it, and the handshake's round trips after its code
   * kept a cold start's screen hidden ~0.5 s longer under the mobile preset (issue 17). Its code
   * loads once the first screen is in (`RealtimeClient.start`).
   */
  realtimeStarted: boolean;
  screenLoaded: boolean;
};

export function splashSteps(s: StartupState): SplashStep[] {
  return [
    { label: 'Profile', detail: 'Your account', done: s.sessionSettled },
    { label: 'Network', detail: 'App settings', done: s.configSettled },
    { label: 'Chat', detail: 'Live connection', done: s.realtimeStarted },
    { label: 'Discover', detail: 'Screens', done: s.screenLoaded },
  ];
}

export function splashPercent(steps: SplashStep[]): number {
  if (steps.length === 0) return 100;
  return Math.round((steps.filter((s) => s.done).length / steps.length) * 100);
}
