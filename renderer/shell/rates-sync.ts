/**
 * Keeps the page's copy of the host's rates current: read once, then every push. The host pushes every change,
 * in order; an answer (to the first read or to an action) can arrive after a push of a newer state (the fetch
 * an action starts may finish before the action's answer is read), so an answer is taken only when no push came
 * while it was on its way: the pushes then carry the newest state.
 */
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import type { RatesSettingsRequest, RatesSnapshot } from '../../shared/rates/types';

export type RatesApi = Pick<DesktopApi, 'getRates' | 'onRates' | 'setRatesSettings' | 'refreshRates'>;

export class RatesSync {
  private pushes = 0;

  constructor(
    private readonly api: RatesApi,
    private readonly onSnapshot: (snapshot: RatesSnapshot) => void,
  ) {}

  /** Listens and reads once; returns the stop. A host without rates leaves the snapshot unknown. */
  start(): () => void {
    let live = true;
    const off = this.api.onRates((s) => {
      this.pushes += 1;
      if (live) this.onSnapshot(s);
    });
    void this.answered(
      () => this.api.getRates(),
      () => live,
    ).catch(() => undefined);
    return () => {
      live = false;
      off();
    };
  }

  setSettings(request: RatesSettingsRequest): Promise<RatesSnapshot> {
    return this.answered(() => this.api.setRatesSettings(request));
  }

  refresh(): Promise<RatesSnapshot> {
    return this.answered(() => this.api.refreshRates());
  }

  private async answered(ask: () => Promise<RatesSnapshot>, live: () => boolean = () => true): Promise<RatesSnapshot> {
    const before = this.pushes;
    const next = await ask();
    if (live() && this.pushes === before) this.onSnapshot(next);
    return next;
  }
}
