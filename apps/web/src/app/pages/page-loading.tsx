import { Spinner } from '@/components/ui/spinner';

/** Shown while the first screen's code loads. */
export function PageLoading() {
  return <Spinner className="min-h-screen" />;
}
