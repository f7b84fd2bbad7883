// Own your data (issue 8): the export's shape, the account deletion request, and every message,
// for the server, the client and the tests alike.
import { z } from 'zod';
import { accountDataMessages } from './account-data-text.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

export * from './account-data-text.ts';

export const deleteAccountRequest = z.object({
  password: z
    .string({ error: accountDataMessages.passwordRequired })
    .min(1, accountDataMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, accountDataMessages.wrongPassword),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

const counts = z.object({
  crown: z.number().int(),
  fire: z.number().int(),
  thinker: z.number().int(),
  laughing: z.number().int(),
});

const player = z.object({ id: z.string(), displayName: z.string() });

/** GET /api/me/export: everything Punday keeps about the player, and nothing secret. */
export const accountExport = z.object({
  format: z.literal('punday-export/1'),
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
    crownsReceived: z.number().int(),
  }),
  settings: z.object({
    notificationsEnabled: z.boolean(),
    friendNotificationsEnabled: z.boolean(),
  }),
  puns: z.array(
    z.object({
      id: z.string(),
      day: z.string(),
      text: z.string(),
      category: z.string(),
      output: z.string(),
      createdAt: z.string(),
      reactions: counts,
      hiddenPendingReview: z.boolean(),
    }),
  ),
  reactionsGiven: z.array(
    z.object({
      punId: z.string(),
      kind: z.enum(['crown', 'fire', 'thinker', 'laughing']),
      givenDay: z.string(),
      createdAt: z.string(),
    }),
  ),
  friends: z.array(player.extend({ since: z.string() })),
  blocks: z.array(player.extend({ since: z.string() })),
  reports: z.array(
    z.object({
      punId: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  pushSubscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExport>;
