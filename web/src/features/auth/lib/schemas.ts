/**
 * The sign-in screens' shared schemas, in a chunk of their own with zod: the forms fetch it when
 * the visitor first focuses them (`useDeferredSchema`), so the pages themselves load no zod.
 */
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordFormSchema } from '@app/domain';

export { forgotPasswordSchema, loginSchema, resetPasswordFormSchema };

/** Sign-up as its form asks it: the referral code comes from the cookie, not from the visitor. */
export const registerFormSchema = registerSchema.pick({ name: true, email: true, password: true });
