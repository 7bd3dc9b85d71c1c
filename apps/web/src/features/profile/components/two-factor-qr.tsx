import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The setup address drawn as a QR code, in the browser: the `lean-qr` library (ES modules, no dependencies) is
 * loaded only when a setup starts, so no other screen carries it, and the secret never leaves for another service.
 */
export function TwoFactorQr({ url }: { url: string }) {
  const { t } = useTranslation('profile');
  const image = useQuery({
    queryKey: ['two-factor-qr', url],
    queryFn: async () => {
      const [{ generate, correction }, { toSvgDataURL }] = await Promise.all([
        import('lean-qr'),
        import('lean-qr/extras/svg'),
      ]);
      return toSvgDataURL(generate(url, { minCorrectionLevel: correction.M }), {
        on: 'black',
        off: 'white',
        pad: 2,
      });
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  if (image.data) {
    return (
      <img
        src={image.data}
        width={200}
        height={200}
        alt={t('twoFactor.qrAlt')}
        className="rounded-control border border-slate-200 bg-white"
      />
    );
  }
  if (image.isError) {
    return <p className="text-sm text-slate-700">{t('twoFactor.qrFailed')}</p>;
  }
  return <Skeleton className="size-[200px]" />;
}
