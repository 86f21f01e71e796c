import { type CreateLicenseGroupResponse, endpoints, type LicenseGroup } from '@pd/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { adminKeys, useAdminChange } from './admin-keys';

/** GET /api/license-groups: every licence group with its seats. */
export const useLicenseGroups = () =>
  useQuery({
    queryKey: adminKeys.groups(),
    queryFn: ({ signal }): Promise<LicenseGroup[]> => apiGet(endpoints.licenseGroups, { signal }),
  });

export const useUpdateLicenseCount = () =>
  useAdminChange((input: { groupId: string; licenseCount: number }) =>
    apiSend(
      endpoints.updateLicenseCount,
      { license_count: input.licenseCount },
      { params: { groupId: input.groupId } },
    ),
  );

export const useCreateLicenseGroup = () =>
  useAdminChange(
    (input: {
      name: string;
      purchaserId: string;
      licenseCount: number;
    }): Promise<CreateLicenseGroupResponse> =>
      apiSend(endpoints.createLicenseGroup, {
        name: input.name,
        purchaser_id: input.purchaserId,
        license_count: input.licenseCount,
      }),
  );
