/**
 * The programme's clock (decision 058). The scheduler and the deliverer ask
 * it, never `new Date()`: tests and the local dev clock route move it to any
 * moment (a spring-forward morning, a time zone's quiet hours) and run a pass.
 */
export interface ProgrammeClock {
  now(): Date;
}

/** A clock that follows the real one until set; `set(null)` returns to the real time. */
export interface SettableClock extends ProgrammeClock {
  set(now: Date | null): void;
}

export function createSettableClock(): SettableClock {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set(now) {
      fixed = now ? new Date(now) : null;
    },
  };
}
