/**
 * Work that must outlive a session which ends under the user's hands (a token revoked by signing out
 * elsewhere, or expired): a screen registers a keeper, and the API client runs every keeper before it
 * clears the session and sends the user to log in again.
 */
type Keeper = () => void;

const keepers = new Set<Keeper>();

/** Registers `keeper` until the returned function is called. */
export function onSessionEnded(keeper: Keeper): () => void {
  keepers.add(keeper);
  return () => {
    keepers.delete(keeper);
  };
}

/** Runs every keeper; one that fails does not stop the others (the user is sent to log in either way). */
export function keepWorkBeforeSessionEnds(): void {
  for (const keeper of keepers) {
    try {
      keeper();
    } catch {
      // Nothing more can be kept; the sign-in still happens.
    }
  }
}
