import type { ForgotPasswordInput, RecoverPasswordInput, RegisterInput } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

type Success = { success: { message: string } };
const guest = { signOutOnUnauthorized: false };

/** POST /api/register: files an account request an administrator accepts or refuses. */
export const register = (input: RegisterInput) => apiClient.post<Success>('/register', input, guest);
/** POST /api/forgot-password: files a reset request (same answer whatever the email). */
export const forgotPassword = (input: ForgotPasswordInput) => apiClient.post<Success>('/forgot-password', input, guest);
/** POST /api/recover-password: sets the password with the one-time link's token. */
export const recoverPassword = (input: RecoverPasswordInput) =>
  apiClient.post<Success>('/recover-password', input, guest);
