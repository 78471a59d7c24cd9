import { z } from 'zod';

/** Request bodies of the auth calls, with the spec's messages (section 5). Shared by server and web. */
export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  nameMin: 'Name must be at least 2 characters',
  confirmMin: 'Confirm password must be at least 6 characters',
  passwordsMismatch: 'Passwords do not match',
} as const;

/** An email address, trimmed and lower-cased; documented as `format: email` with the pattern the check uses (the pipe's input side alone would say only "a string"). */
export const emailField = z.string({ error: MESSAGES.invalidEmail }).trim().toLowerCase().pipe(z.email({ error: MESSAGES.invalidEmail })).meta({ format: 'email', pattern: z.regexes.email.source });

/** Password rules of Register and Reset: at least 6, a digit, one of ! @ # $ % ^ & *. */
export const strongPassword = z
  .string({ error: MESSAGES.passwordMin })
  .min(6, MESSAGES.passwordMin)
  .regex(/\d/, MESSAGES.passwordNumber)
  .regex(/[!@#$%^&*]/, MESSAGES.passwordSpecial)
  .max(200, 'Password must be at most 200 characters');

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.passwordMin }).min(6, MESSAGES.passwordMin).max(200),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: z.string({ error: MESSAGES.nameMin }).trim().min(2, MESSAGES.nameMin).max(100, 'Name must be at most 100 characters'),
  email: emailField,
  password: strongPassword,
  fpr: z.string().trim().max(100).optional().nullable(),
});
export type RegisterBody = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/** What the reset call sends. */
export const resetPasswordSchema = z.object({ password: strongPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/** The reset form, with its confirmation field. */
export const resetPasswordFormSchema = z
  .object({
    password: strongPassword,
    confirmPassword: z.string({ error: MESSAGES.confirmMin }).min(6, MESSAGES.confirmMin),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMismatch, path: ['confirmPassword'] });

export const updateEmailSchema = z.object({ email: emailField });
export type UpdateEmailBody = z.infer<typeof updateEmailSchema>;

/**
 * The spec shows no rules for the account form's new password; the server applies the
 * Register rules so a weaker password cannot slip in here (docs/spec-deviations.md).
 */
export const updatePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: strongPassword,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordSchema>;
