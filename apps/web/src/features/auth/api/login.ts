import type { LoginInput, LoginResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

/** POST /api/login. A 401 here means wrong credentials, not an expired session. */
export async function login(input: LoginInput): Promise<LoginResponse['success']> {
  const answer = await apiClient.post<LoginResponse>('/login', input, { signOutOnUnauthorized: false });
  return answer.success;
}
