// zod schemas of every request and response, shared by the server (validation, serialization)
// and the client (typed fetch). Limits come from constants.ts; every check has a readable message.
import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { messages } from './messages.ts';

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

const emailField = z
  .string({ error: messages.signup.emailRequired })
  .trim()
  .min(1, messages.signup.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.signup.emailInvalid)
  .pipe(z.email({ error: messages.signup.emailInvalid }));

const passwordField = z
  .string({ error: messages.signup.weakPassword })
  .min(PASSWORD_MIN_LENGTH, messages.signup.weakPassword)
  .max(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const displayNameInput = z
  .string({ error: 'Display name must be text.' })
  .max(
    DISPLAY_NAME_MAX_LENGTH,
    `Display names can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  );

export const me = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  notificationsEnabled: z.boolean(),
  friendNotificationsEnabled: z.boolean(),
  crownCount: z.number().int(),
});
export type Me = z.infer<typeof me>;

export const sessionResponse = z.object({ user: me.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signupRequest = z.object({
  displayName: displayNameInput.optional(),
  email: emailField,
  password: passwordField,
});
export type SignupRequest = z.input<typeof signupRequest>;

export const loginRequest = z.object({
  email: z.string({ error: messages.login.invalidCredentials }).trim().max(EMAIL_MAX_LENGTH),
  password: z.string({ error: messages.login.invalidCredentials }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const passwordResetRequest = z.object({
  email: z
    .string({ error: messages.passwordReset.emailFirst })
    .trim()
    .min(1, messages.passwordReset.emailFirst)
    .max(EMAIL_MAX_LENGTH, messages.passwordReset.notFound),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

export const passwordResetConfirm = z.object({
  token: z.string().min(1, messages.passwordReset.invalidLink).max(200),
  password: passwordField,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

export const passwordResetTokenStatus = z.object({ valid: z.boolean() });

export const messageResponse = z.object({ message: z.string() });

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
});
