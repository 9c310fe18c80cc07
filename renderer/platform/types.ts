import type { DesktopApi } from '../../shared/bridge/desktop-api';
import type { PlatformError } from './errors';

/**
 * The DesktopApi plus one channel the UI needs to stay honest: problems talking to the host itself
 * (bad data from the bridge, a lost event stream). A later valid status means the problem is over.
 */
export interface PlatformApi extends DesktopApi {
  onProblem(listener: (problem: PlatformError) => void): () => void;
}

/** A tiny listener set. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  get size(): number {
    return this.listeners.size;
  }
  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  emit(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch (e) {
        console.error('Market Desk: a listener failed', e);
      }
    }
  }
}
