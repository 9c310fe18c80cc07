/**
 * Reads the body of a web Request or Response up to maxBytes; null when it is larger. A Content-Length over
 * the cap is refused before anything is read; a body without one (chunked) is counted as it comes, and the
 * rest is cancelled, never buffered.
 */
export async function readCapped(
  message: { readonly headers: Headers; readonly body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const { body } = message;
  if (!body) return new Uint8Array(0);
  const declared = Number(message.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await body.cancel().catch(() => undefined);
    return null;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
