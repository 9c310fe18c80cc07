/** The web host's event stream (/app/events): connection statuses and exchange-rate snapshots, opened while anyone listens. */
import type { ConnectionStatus } from '../../shared/api/status';
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import type { RatesSnapshot } from '../../shared/rates/types';
import { PlatformError, describeError } from './errors';
import { parseRatesSnapshot } from './rates';
import { parseStatusJson } from './status';
import { Emitter } from './types';
import { FROM } from './web-host-request';

/** The subset of EventSource this module uses (injectable for tests). */
export interface EventSourceLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

interface HostEventsOptions {
  openEvents: EventSourceFactory;
  base: string;
  problems: Emitter<PlatformError>;
  /** Reads the status afresh (after a reconnect, when the stream may have missed changes). */
  readStatus: () => Promise<ConnectionStatus>;
}

/** onStatus and onRates over one shared EventSource, closed when nobody listens to either. */
export function createHostEvents(options: HostEventsOptions): Pick<DesktopApi, 'onStatus' | 'onRates'> {
  const { openEvents, base, problems } = options;
  const statuses = new Emitter<ConnectionStatus>();
  const rates = new Emitter<RatesSnapshot>();
  let source: EventSourceLike | null = null;
  /** The event stream is closed when nobody listens to either statuses or rates. */
  const releaseEvents = (): void => {
    if (statuses.size === 0 && rates.size === 0 && source) {
      source.close();
      source = null;
    }
  };

  function handleEvent(ev: MessageEvent) {
    try {
      statuses.emit(parseStatusJson(String(ev.data), FROM));
    } catch (e) {
      problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
    }
  }

  function ensureEvents() {
    if (source) return;
    const es = openEvents(base + '/app/events');
    source = es;
    es.onmessage = handleEvent;
    // A host may name its events; accept the obvious name too.
    es.addEventListener('status', handleEvent);
    es.addEventListener('rates', (ev) => {
      try {
        let raw: unknown;
        try {
          raw = JSON.parse(String(ev.data));
        } catch {
          raw = undefined;
        }
        rates.emit(parseRatesSnapshot(raw, FROM));
      } catch (e) {
        problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
      }
    });
    let lost = false;
    es.onerror = () => {
      if (lost) return;
      lost = true;
      problems.emit(
        new PlatformError(
          'unreachable',
          'Lost contact with the Market Desk web host; reconnecting\u2026',
          'event stream error',
        ),
      );
    };
    es.onopen = () => {
      if (!lost) return;
      lost = false;
      // Reconnected: the stream may have missed changes, so read the status once (the rates come with the stream's start).
      void options.readStatus().then(
        (s) => statuses.emit(s),
        (e: unknown) =>
          problems.emit(e instanceof PlatformError ? e : new PlatformError('unreachable', describeError(e))),
      );
    };
  }

  return {
    onStatus(listener) {
      const off = statuses.on(listener);
      ensureEvents();
      return () => {
        off();
        releaseEvents();
      };
    },
    onRates(listener) {
      const off = rates.on(listener);
      ensureEvents();
      return () => {
        off();
        releaseEvents();
      };
    },
  };
}
