import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { onSessionEnded } from '@/lib/session-ended';

/**
 * While `unsaved` is true, leaving the editor asks first: an in-app navigation to another page is held (the
 * returned blocker is 'blocked' until the user proceeds or stays) and closing or reloading the tab shows the
 * browser's own question. Nothing is asked once the changes are saved, nor when the session ends under the
 * user's hands: the way to the login page (an in-app navigation or a page load) stays open, the edits kept for
 * after it.
 */
export function useUnsavedChangesGuard(unsaved: boolean): Blocker {
  const sessionEnded = useRef(false);
  useEffect(
    () =>
      onSessionEnded(() => {
        sessionEnded.current = true;
      }),
    [],
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !sessionEnded.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // The session ended: the page is on its way to the login page, the edits kept for after it.
      if (sessionEnded.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  // A navigation held while the changes were unsaved goes ahead once they are saved.
  useEffect(() => {
    if (!unsaved && blocker.state === 'blocked') blocker.proceed();
  }, [unsaved, blocker]);

  return blocker;
}
