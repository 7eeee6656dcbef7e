/** What the app says when an account signs out (every signed-in screen can do it). */
export const SESSION_MESSAGES = {
  signedOut: 'Você saiu da sua conta.',
  signedOutEverywhere: 'Você saiu da sua conta em todos os dispositivos.',
} as const;
