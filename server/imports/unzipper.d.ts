// The part of unzipper (0.10) the import uses: the zip's central directory, and one entry's inflated bytes.
declare module 'unzipper' {
  export interface Entry {
    path: string;
    stream(): NodeJS.ReadableStream;
  }
  export const Open: { file(path: string): Promise<{ files: Entry[] }> };
}
