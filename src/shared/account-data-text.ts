// Own your data (issue 8): messages and the export's file name, without zod, so the client can
// import them without the schema library (account-data.ts re-exports them).

export const accountDataMessages = {
  passwordRequired: 'Please type your password to delete your account.',
  wrongPassword: 'That password is not right, so your account was not deleted.',
  deleteFailed: 'Could not delete your account. Please try again.',
  deleted: 'Your account has been deleted.',
} as const;

/** The export's file name for a day (YYYY-MM-DD, UTC). */
export function exportFileName(day: string): string {
  return `punday-export-${day}.json`;
}
