// Types of build-server.mjs, which stays plain JavaScript so that `npm start` runs it without a loader.
export function buildServer(entry?: string, outfile?: string): Promise<string>;
