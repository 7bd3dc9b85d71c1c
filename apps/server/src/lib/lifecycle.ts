/** Whether this instance is shutting down: once it is, the readiness check fails so load balancers move on. */
export interface Lifecycle {
  isDraining(): boolean;
  /** Marks the instance as shutting down (on SIGTERM, and when the app closes); never undone. */
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    isDraining: () => draining,
    startDraining() {
      draining = true;
    },
  };
}
