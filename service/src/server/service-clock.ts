/**
 * The service's clock: the given clock plus how far tests and the admin endpoint have moved it forward.
 * Tokens and price epochs read it, so moving it ages both.
 */
export class ServiceClock {
  private offset = 0;

  constructor(private readonly base: () => number) {}

  /** The service time (ms); a bound function, handed to the endpoints as their clock. */
  readonly now = (): number => this.base() + this.offset;

  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward by `ms` (the callers check it). */
  advance(ms: number): void {
    this.offset += ms;
  }
}
