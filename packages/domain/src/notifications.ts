/** Browser notifications (spec/3 §4, §9; issue 16). */

/** spec/3 §9: a message notification's body is cut at 100 characters, with an ellipsis. */
export const NOTIFICATION_BODY_MAX = 100;
/** spec/3 §9: a message notification closes after 5 s. */
export const NOTIFICATION_MESSAGE_CLOSE_MS = 5_000;
/** spec/3 §9: a typing notification closes after 2 s. */
export const NOTIFICATION_TYPING_CLOSE_MS = 2_000;

export const notificationMessages = {
  newMessage: 'New message',
  promptTitle: 'Turn on notifications?',
  promptText: (productName: string) =>
    `Hear about new messages, matches and connection requests when ${productName} is not on your screen. You choose which kinds in Settings.`,
  promptAllow: 'Turn on',
  promptLater: 'Not now',
  settingsLabel: 'Browser notifications',
  stateOn: 'On for this browser.',
  stateOff: 'Off for this browser.',
  stateBlocked:
    'Blocked in this browser. To allow them, change the site’s notification permission in your browser settings.',
  stateUnsupported: 'This browser does not support notifications.',
} as const;
