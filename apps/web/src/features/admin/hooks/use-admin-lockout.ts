import { useCallback, useEffect, useState } from 'react';
import {
  clearAdminLockout,
  isLocked,
  readAdminLockout,
  writeAdminLockout,
  type AdminLockout,
} from '../lib/admin-lockout';

/**
 * The admin login's lockout, kept in localStorage and ticking while locked so the minutes shown
 * count down and the button comes back by itself when the lock ends.
 */
export function useAdminLockout() {
  const [now, setNow] = useState(() => Date.now());
  const [state, setState] = useState<AdminLockout>(() => readAdminLockout(Date.now()));
  const locked = isLocked(state, now);

  useEffect(() => {
    if (state.lockoutEnd === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (state.lockoutEnd !== null && state.lockoutEnd <= current) {
        clearAdminLockout();
        setState({ failures: 0, lockoutEnd: null });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [state.lockoutEnd]);

  const update = useCallback((next: AdminLockout) => {
    writeAdminLockout(next);
    setNow(Date.now());
    setState(next);
  }, []);
  const reset = useCallback(() => {
    clearAdminLockout();
    setState({ failures: 0, lockoutEnd: null });
  }, []);

  return { state, now, locked, update, reset };
}
