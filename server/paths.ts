// Where the project's own files are: the folder holding package.json, found from this module's place.
// Computed rather than written relative to each module, because the server also runs bundled into
// one file (scripts/build-server.mjs), where every module shares the bundle's folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no project folder above ${from}`);
  }
}

export const ROOT = projectRoot(import.meta.dirname);
