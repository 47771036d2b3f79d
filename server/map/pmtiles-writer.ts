// Writes a PMTiles v3 archive: the 127-byte header, a gzipped root directory, gzipped JSON metadata,
// leaf directories when the root would pass the 16 KB the format allows, then the tile data in
// Hilbert order with identical tiles stored once. The `pmtiles` npm package only reads archives, and
// no kept npm package writes them; the layout is small and is checked by reading every tile back
// with that package (server/map/pmtiles.test.ts). Used by `npm run basemap:pmtiles`, which packs our
// offline basemap into one file that any PMTiles-aware tool or another Huoyun server can serve.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export const TILE_TYPE = { mvt: 1, png: 2, jpeg: 3, webp: 4 } as const;
const COMPRESSION = { none: 1, gzip: 2 } as const;
const HEADER_BYTES = 127;
/** Header plus root directory must fit in the first 16 KB, so a reader gets both in one read. */
const ROOT_LIMIT = 16_384 - HEADER_BYTES;

export interface TileInput {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveInput {
  tileType: keyof typeof TILE_TYPE;
  /** MVT tiles are stored gzipped, as readers expect; images are stored as they are. */
  tiles: Iterable<TileInput>;
  /** Free-form JSON; for MVT it should carry `vector_layers` (TileJSON 3.0). */
  metadata: Record<string, unknown>;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function varint(out: number[], value: number) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory as the format stores it: counts, then each column, then gzip. */
function serialiseDirectory(entries: readonly Entry[]): Buffer {
  const out: number[] = [];
  varint(out, entries.length);
  let lastId = 0;
  for (const e of entries) {
    varint(out, e.tileId - lastId);
    lastId = e.tileId;
  }
  for (const e of entries) varint(out, e.runLength);
  for (const e of entries) varint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    varint(out, i > 0 && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

/** The root directory, with leaf directories when the entries do not fit the root's 16 KB. */
function directories(entries: readonly Entry[]): { root: Buffer; leaves: Buffer } {
  const root = serialiseDirectory(entries);
  if (root.length <= ROOT_LIMIT) return { root, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const pointers: Entry[] = [];
    const leafParts: Buffer[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serialiseDirectory(entries.slice(i, i + leafSize));
      pointers.push({ tileId: entries[i].tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    const rootOfLeaves = serialiseDirectory(pointers);
    if (rootOfLeaves.length <= ROOT_LIMIT) return { root: rootOfLeaves, leaves: Buffer.concat(leafParts) };
  }
}

function header(fields: {
  rootLength: number; metadataLength: number; leavesLength: number; dataLength: number;
  addressed: number; entries: number; contents: number; tileType: number; tileCompression: number;
  minZoom: number; maxZoom: number; bounds: readonly number[]; center: readonly number[];
}): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('PMTiles', 0, 'ascii');
  h.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + fields.rootLength;
  const leavesOffset = metadataOffset + fields.metadataLength;
  const dataOffset = leavesOffset + fields.leavesLength;
  const u64 = [rootOffset, fields.rootLength, metadataOffset, fields.metadataLength, leavesOffset, fields.leavesLength,
    dataOffset, fields.dataLength, fields.addressed, fields.entries, fields.contents];
  u64.forEach((v, i) => h.writeBigUInt64LE(BigInt(v), 8 + i * 8));
  h.writeUInt8(1, 96); // clustered: tile data follows the entries' order
  h.writeUInt8(COMPRESSION.gzip, 97);
  h.writeUInt8(fields.tileCompression, 98);
  h.writeUInt8(fields.tileType, 99);
  h.writeUInt8(fields.minZoom, 100);
  h.writeUInt8(fields.maxZoom, 101);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  [fields.bounds[0], fields.bounds[1], fields.bounds[2], fields.bounds[3]].forEach((v, i) => h.writeInt32LE(e7(v), 102 + i * 4));
  h.writeUInt8(fields.center[2], 118);
  h.writeInt32LE(e7(fields.center[0]), 119);
  h.writeInt32LE(e7(fields.center[1]), 123);
  return h;
}

/** Builds the archive in memory; callers write it where they like. */
export function buildPmtiles(input: ArchiveInput): Buffer {
  const gzipTiles = input.tileType === 'mvt';
  const tiles = [...input.tiles].map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), z: t.z, data: gzipTiles ? gzipSync(t.data) : Buffer.from(t.data) }));
  if (tiles.length === 0) throw new Error('PMTiles 归档至少需要一个瓦片');
  tiles.sort((a, b) => a.id - b.id);
  const entries: Entry[] = [];
  const blobs: Buffer[] = [];
  const seen = new Map<string, { offset: number; length: number }>();
  let dataLength = 0;
  for (const t of tiles) {
    const hash = createHash('sha256').update(t.data).digest('hex');
    let blob = seen.get(hash);
    if (!blob) {
      blob = { offset: dataLength, length: t.data.length };
      seen.set(hash, blob);
      blobs.push(t.data);
      dataLength += t.data.length;
    }
    const last = entries[entries.length - 1];
    // Consecutive ids with the same content (open sea, say) become one entry with a run length.
    if (last && last.tileId + last.runLength === t.id && last.offset === blob.offset) last.runLength++;
    else entries.push({ tileId: t.id, offset: blob.offset, length: blob.length, runLength: 1 });
  }
  const { root, leaves } = directories(entries);
  const metadata = gzipSync(Buffer.from(JSON.stringify(input.metadata)));
  const minZoom = tiles.reduce((m, t) => Math.min(m, t.z), 99);
  const maxZoom = tiles.reduce((m, t) => Math.max(m, t.z), 0);
  const head = header({
    rootLength: root.length, metadataLength: metadata.length, leavesLength: leaves.length, dataLength,
    addressed: tiles.length, entries: entries.length, contents: blobs.length,
    tileType: TILE_TYPE[input.tileType], tileCompression: gzipTiles ? COMPRESSION.gzip : COMPRESSION.none,
    minZoom, maxZoom, bounds: input.bounds, center: input.center,
  });
  return Buffer.concat([head, root, metadata, leaves, ...blobs]);
}

export function writePmtiles(path: string, input: ArchiveInput): number {
  const bytes = buildPmtiles(input);
  writeFileSync(path, bytes);
  return bytes.length;
}
