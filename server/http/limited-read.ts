// Reads a request body with a byte limit counted as the bytes arrive. A declared Content-Length
// is only a hint (a chunked body declares none), so the count is what decides: past the limit the
// stream is cancelled at once and never buffered whole. Shared by the JSON bodies and the uploads.

/**
 * The whole body, or `tooLarge()` thrown as soon as more than `limit` bytes were read (the rest is
 * never pulled). `inspect` sees each chunk as it arrives and may refuse by throwing (the stream is
 * then cancelled the same way). A body of no stream reads as empty.
 */
export async function readLimitedBytes(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
  inspect?: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    try {
      if (size > limit) throw tooLarge();
      inspect?.(value);
    } catch (e) {
      // Cancelling tells the sender's side (the socket, or a test's stream) to stop producing.
      await reader.cancel().catch(() => undefined);
      throw e;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** Refuses a body whose declared length is already over the limit, before reading a byte. */
export function declaredOver(contentLength: string | null | undefined, limit: number): boolean {
  const n = Number(contentLength ?? 0);
  return Number.isFinite(n) && n > limit;
}
