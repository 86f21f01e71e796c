/** What the sign-out says (the control asks, the confirmation dialog shows). */
export const signOutMessages = {
  unsyncedTitle: 'Sign out and lose changes?',
  unsynced: (n: number) =>
    `${n} ${n === 1 ? 'change has' : 'changes have'} not reached the server yet and will be lost if you sign out now.`,
  signOutAnyway: 'Sign out anyway',
  staySignedIn: 'Stay signed in',
  signedOutOffline:
    'You are signed out on this device. The server will be told as soon as the connection is back.',
} as const;
