/**
 * Where an endpoint writes its 200 answer: straight to the socket as it is produced (backpressure
 * honoured, a small answer sent whole with its length), or, when a truncation fault is injected, into
 * memory so that only a cut-off share of it is sent.
 */
import type { FaultDecision } from './faults';
import type { AnswerStream } from './graphql';
import { BASE_HEADERS, sendBody, type Exchange } from './exchange';
import { ByteWriter, MemorySink, type ByteSink } from './writer';

/** The endpoints call the returned opener once they know the answer is a 200. */
export function answerOpener(ex: Exchange, fate: FaultDecision | null): () => AnswerStream {
  return () => (fate?.truncateAt != null ? truncatedAnswer(ex, fate.truncateAt) : streamedAnswer(ex));
}

function truncatedAnswer(ex: Exchange, cutAt: number): AnswerStream {
  const sink = new MemorySink();
  const writer = new ByteWriter(sink);
  return {
    writer,
    end: async () => {
      writer.flush();
      const full = sink.toBuffer();
      const cut = Math.min(full.length - 1, Math.max(1, Math.floor(full.length * cutAt)));
      sendBody(ex, 200, full.subarray(0, cut));
    },
  };
}

function streamedAnswer(ex: Exchange): AnswerStream {
  const { res } = ex;
  let gone = false;
  res.once('close', () => {
    gone = true;
  });
  const sink: ByteSink = {
    write(chunk) {
      if (!res.headersSent) res.writeHead(200, BASE_HEADERS);
      ex.bytes += chunk.length;
      return res.write(chunk);
    },
    drain() {
      return new Promise<void>((resolve) => {
        if (gone || res.destroyed) {
          resolve();
          return;
        }
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    },
    get closed() {
      return gone || res.destroyed;
    },
  };
  const writer = new ByteWriter(sink);
  return {
    writer,
    end: async () => {
      if (writer.bytesWritten === 0) {
        sendBody(ex, 200, writer.buf.subarray(0, writer.pos));
      } else {
        writer.flush();
        res.end();
      }
    },
  };
}
