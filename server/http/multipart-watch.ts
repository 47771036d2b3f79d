// Watches a multipart body as it streams in and measures each part, so that one oversized file is
// refused after little more than the largest allowed file was read, not after the whole body. It
// only finds the boundaries (the parsing stays with the platform's FormData once the body is in).

/** Room for a part's own headers (name, file name, type) beside its content. */
export const PART_HEADER_ROOM = 64 * 1024;

/** The boundary named by a multipart Content-Type, or undefined. */
export function boundaryOf(contentType: string): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? m[1] ?? m[2] : undefined;
}

/**
 * A chunk inspector: throws `tooLarge()` once the bytes since the last delimiter ('--' + boundary)
 * pass `maxPart`. A delimiter split across two chunks is found through the kept tail.
 */
export function partSizeWatch(boundary: string, maxPart: number, tooLarge: () => Error): (chunk: Uint8Array) => void {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let tail: Buffer = Buffer.alloc(0);
  let sinceDelimiter = 0;
  return (chunk) => {
    const buf = tail.length ? Buffer.concat([tail, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // The tail's bytes were counted with the chunk before; a delimiter cannot lie wholly inside the tail.
    let partStart = -(sinceDelimiter - tail.length);
    let found = false;
    for (let at = buf.indexOf(delimiter); at >= 0; at = buf.indexOf(delimiter, at + delimiter.length)) {
      if (at - partStart > maxPart) throw tooLarge();
      partStart = at + delimiter.length;
      found = true;
    }
    sinceDelimiter = found ? buf.length - partStart : sinceDelimiter + chunk.byteLength;
    if (sinceDelimiter > maxPart) throw tooLarge();
    tail = Buffer.from(buf.subarray(Math.max(0, buf.length - delimiter.length + 1)));
  };
}
