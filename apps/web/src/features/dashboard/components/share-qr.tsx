import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fileNameFor } from '../lib/share';

const PNG_SCALE = 12;

/**
 * The public link as a QR code, drawn in the browser by `lean-qr` (loaded only when a Share dialog opens), with
 * an SVG download (for print) and a PNG download (drawn on a canvas when asked for).
 */
export function ShareQr({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('dashboard');
  const qr = useQuery({
    queryKey: ['share-qr', url],
    queryFn: async () => {
      const [{ generate, correction }, { toSvgDataURL }] = await Promise.all([
        import('lean-qr'),
        import('lean-qr/extras/svg'),
      ]);
      const code = generate(url, { minCorrectionLevel: correction.M });
      return { code, svgUrl: toSvgDataURL(code, { on: 'black', off: 'white', pad: 4, scale: 8 }) };
    },
    staleTime: Infinity,
    gcTime: 0,
  });

  const downloadPng = () => {
    if (!qr.data) return;
    const link = document.createElement('a');
    // Black on opaque white: the library's default background is transparent, unreadable on a dark page.
    link.href = qr.data.code.toDataURL({
      type: 'image/png',
      scale: PNG_SCALE,
      pad: 4,
      on: [0, 0, 0, 255],
      off: [255, 255, 255, 255],
    });
    link.download = fileNameFor(title, 'png');
    link.click();
  };

  if (qr.isError) {
    return <p className="text-sm text-slate-700">{t('share.qrFailed')}</p>;
  }
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-end">
      {qr.data ? (
        <img
          src={qr.data.svgUrl}
          width={160}
          height={160}
          alt={t('share.qrAlt', { title })}
          className="rounded-control border border-slate-200 bg-white"
        />
      ) : (
        <Skeleton className="size-40" />
      )}
      <div className="flex flex-wrap gap-2">
        {qr.data && (
          <>
            <a href={qr.data.svgUrl} download={fileNameFor(title, 'svg')} className={buttonClasses('secondary', 'sm')}>
              <Download className="size-4" aria-hidden="true" />
              {t('share.downloadSvg')}
            </a>
            <Button variant="secondary" size="sm" onClick={downloadPng}>
              <Download className="size-4" aria-hidden="true" />
              {t('share.downloadPng')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
