// Every user-visible message of the spec (§8 and elsewhere), verbatim, in one place.

export const messages = {
  login: {
    invalidCredentials: 'Invalid email or password',
    failed: 'Failed to log in. Please try again.',
  },
  passwordReset: {
    emailFirst: 'Please enter your email address first.',
    notFound: 'No account found with this email address.',
    failed: 'Failed to send reset email. Please try again.',
    sent: 'Password reset email sent! Check your inbox.',
    // Not in the spec (its provider owned the reset page); ours says plainly what happened.
    invalidLink: 'This password reset link is invalid or has expired. Please request a new one.',
    done: 'Your password has been changed.',
  },
  signup: {
    emailInUse: 'This email is already registered. Please try logging in instead.',
    weakPassword: 'Please use a stronger password (at least 6 characters).',
    failed: 'Failed to create account. Please try again.',
    profileMissing: 'Failed to create user profile',
    emailRequired: 'Please enter your email address.',
    emailInvalid: 'Please enter a valid email address.',
  },
  challenge: {
    unavailable: 'Unable to load daily challenge. Please refresh the page.',
  },
  submit: {
    failed: 'Unable to submit pun. Please try again.',
    done: "You're Done for Today!",
    empty: 'Your pun cannot be empty.',
  },
  ai: {
    pending: 'AI is brewing up some pun-believable content...',
    failed: 'Punfortunately our AI is having some issues...',
    none: 'No AI example available yet',
  },
  feed: {
    emptyPeriod: 'No puns found for the selected time period.',
    emptyWeek: 'No puns found this week.',
    empty: 'No puns found.',
    errorPuns: 'Error loading puns. Please try refreshing the page.',
    errorFeed: 'Error loading feed. Please try refreshing the page.',
    offline: 'Unable to load puns while offline. Please check your connection.',
  },
  reactions: {
    offline:
      'Reactions cannot be updated while offline. Please try again when you have an internet connection.',
    loginRequired: 'You must be logged in to react to puns!',
    ownPun: 'You cannot react to your own puns!',
    ownPunTooltip: "Can't react to your own pun!",
    oneCrown: 'You can only give one crown per day!',
    permission: 'You do not have permission to react to this pun.',
    saveOffline:
      'Unable to save reaction while offline. Please try again when you have an internet connection.',
    failed: 'Error updating reaction. Please try again.',
  },
  friends: {
    loadFailed: 'Unable to load friends. Please try refreshing the page.',
    noResults: 'No users found matching your search.',
    searchFailed: 'Failed to search for users. Please try again.',
    alreadyFriend: 'This user is already your friend!',
    addFailed: 'Failed to add friend. Please try again.',
    noFriendsTitle: 'No Friends Yet!',
    noFriendsBody: "You haven't added any friends yet. Add friends to see their puns here!",
  },
  userPage: {
    loadError: 'Error loading user data',
    addFailed: 'Failed to add friend',
    removeFailed: 'Failed to remove friend',
    notFound: 'User not found',
    anonymous: 'Anonymous',
  },
  settings: {
    displayNameEmpty: 'Display name cannot be empty',
    displayNameSaved: 'Display name saved successfully!',
    displayNameSavedAs: (name: string) =>
      `Display name saved as "${name}" since the original name was taken.`,
    displayNameError: (message: string) => `Error saving display name: ${message}`,
    userMissing: 'User document does not exist',
    tokenFailed: 'Failed to obtain FCM token',
    permissionDenied: 'Please enable notifications in your browser settings.',
    notificationsError: (message: string) => `Error updating notification settings: ${message}`,
    friendNotificationsError: (message: string) =>
      `Error updating friend notification settings: ${message}`,
    pushDisabled: 'Push notifications disabled.',
    pushEnabled: 'Push notifications enabled successfully!',
    friendEnabled: 'Friend notifications enabled successfully!',
    friendDisabled: 'Friend notifications disabled successfully!',
    pushFirst: 'Please enable push notifications first before enabling friend notifications.',
  },
  offlineBanner:
    "You are currently offline. Some features may be limited. Changes will sync when you're back online.",
  crownTooltip: 'Total crowns received on your puns',
  generic: {
    notFound: 'Not found.',
    unauthorized: 'Please log in to continue.',
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
    payloadTooLarge: 'That request is too large.',
    unsupportedMediaType: 'Requests must be sent as JSON.',
    invalidJson: 'The request body is not valid JSON.',
  },
} as const;
