import { endpoints, LoginRequest, type PublicUser } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { meKeys } from '../../../offline/get-me';
import { allowUserDb } from '../../../offline/db';

/** POST /api/auth/login -> the user (or 403 {error: 'EMAIL_NOT_VERIFIED'}). */
export { LoginRequest };

export function login(input: LoginRequest): Promise<PublicUser> {
  return apiSend(endpoints.login, input);
}

/** On success the cached data of the previous visitor is dropped and the user is refreshed. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Signed in again: a database the sign-out deleted may be opened again (offline/db.ts).
      allowUserDb(user.id);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKeys.all[0] });
      queryClient.setQueryData(meKeys.all, user);
    },
  });
}
