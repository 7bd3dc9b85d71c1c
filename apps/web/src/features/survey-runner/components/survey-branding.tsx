import { useState } from 'react';

/** The survey's branding image above its content; nothing when it has none, or once the image failed to load. */
export function SurveyBranding({ imageUrl }: { imageUrl: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!imageUrl || failed) return null;
  return (
    <div className="flex h-16 items-center justify-center">
      <img src={imageUrl} alt="" className="max-h-16 max-w-full object-contain" onError={() => setFailed(true)} />
    </div>
  );
}
