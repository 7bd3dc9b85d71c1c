import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `unsaved` is true, leaving the editor asks first: an in-app navigation to another page is held (the
 * returned blocker is 'blocked' until the user proceeds or stays) and closing or reloading the tab shows the
 * browser's own question. Nothing is asked once the changes are saved.
 */
export function useUnsavedChangesGuard(unsaved: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
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
