/**
 * What the service tells about each finished (or aborted) response, once: the onResponse callback and,
 * unless quiet, one log line with the status, time, size, operation, fault and why a 400 was refused.
 */
import { performance } from 'node:perf_hooks';
import type { Exchange } from './exchange';
import type { ResponseInfo } from './service-options';

export interface ResponseLog {
  onResponse: ((info: ResponseInfo) => void) | undefined;
  quiet: boolean;
  log: (line: string) => void;
}

/** Reports the exchange when its response finishes or its socket closes, whichever comes first. */
export function reportWhenDone(ex: Exchange, { onResponse, quiet, log }: ResponseLog): void {
  const { req, res, path } = ex;
  let reported = false;
  const report = (): void => {
    if (reported) return;
    reported = true;
    const info: ResponseInfo = {
      method: req.method ?? '',
      path,
      status: res.statusCode,
      bytes: ex.bytes,
      ms: performance.now() - ex.start,
      operation: ex.operation,
      fault: ex.fault,
    };
    onResponse?.(info);
    if (!quiet) {
      const extra = [info.operation, info.fault && `fault=${info.fault}`, ex.refused && `(${ex.refused})`]
        .filter(Boolean)
        .join(' ');
      log(
        `${info.method} ${info.path} ${res.writableFinished ? info.status : 'aborted'} ${info.ms.toFixed(1)}ms ${info.bytes}B${extra ? ` ${extra}` : ''}`,
      );
    }
  };
  res.once('finish', report);
  res.once('close', report);
}
