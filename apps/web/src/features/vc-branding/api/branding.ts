import { brandingEndpoints, type BrandingSettings, type SaveBrandingBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's white-label settings (members read them; admins change them). */
export const useBranding = () =>
  useQuery({
    queryKey: queryKeys.vc.branding,
    queryFn: ({ signal }) => callEndpoint(brandingEndpoints.get, { signal }, 'Could not load your branding'),
  });

function useBrandingMutation<T>(call: (input: T) => Promise<BrandingSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.vc.branding, settings),
    // The apply page reads the brand: a preview opened from here shows the saved one.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applyAll }),
  });
}

export const useSaveBranding = () => useBrandingMutation((body: SaveBrandingBody) => callEndpoint(brandingEndpoints.save, { body }, 'Could not save your branding'));

export const useUploadLogo = () =>
  useBrandingMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callEndpoint(brandingEndpoints.uploadLogo, { body: form }, 'Could not upload the logo');
  });

export const useRemoveLogo = () => useBrandingMutation(() => callEndpoint(brandingEndpoints.deleteLogo, {}, 'Could not remove the logo'));
