import { endpoints } from '@pd/domain';
import { apiSend } from '../../../lib/api-client';
import { useRefreshAfter } from './license-admin-keys';

/** Takes a teacher's seat back: they leave the group (and its premium access). */
export function useRemoveMember() {
  return useRefreshAfter((input: { groupId: string; userId: string }): Promise<{ ok: true }> =>
    apiSend(endpoints.removeLicenseGroupMember, {}, { params: input }),
  );
}
