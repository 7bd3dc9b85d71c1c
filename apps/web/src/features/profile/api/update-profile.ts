import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileBody, UpdateProfileResponse, UserType } from '@quorum/contract';
import { api } from '@/lib/api-client';

/** PUT /api/admin/auth/update-profile or /api/user/auth/update-profile, by the session's role. */
export const updateProfile = ({ role, body }: { role: UserType; body: UpdateProfileBody }) =>
  api<UpdateProfileResponse>(`/api/${role}/auth/update-profile`, {
    method: 'PUT',
    body: body satisfies UpdateProfileBody,
  });

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
