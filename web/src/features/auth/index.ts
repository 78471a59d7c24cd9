export { AuthLayout, MarketingPanel } from './components/auth-layout';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ForgotPasswordForm, RESET_LINK_SENT } from './components/forgot-password-form';
export { ResetPasswordForm, TOKEN_MISSING } from './components/reset-password-form';
