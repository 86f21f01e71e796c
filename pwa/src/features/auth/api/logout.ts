import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { meKeys } from '../../../lib/get-me';

/** POST /api/auth/logout (empty JSON body). Every cached answer is dropped afterwards. */
export function logout(): Promise<unknown> {
  return apiSend('POST', '/api/auth/logout', {}, z.unknown());
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
    },
  });
}
