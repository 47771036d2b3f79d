// A local PMTiles archive as a map source (HUOYUN_MAP_PMTILES_FILE, README "Settings"). The server
// reads it with the `pmtiles` package through positioned reads of the file, and serves each tile at
// /api/map/pmtiles/{z}/{x}/{y}: the browser needs no PMTiles code, the archive needs no public URL,
// the CSP stays 'self' and the session guards the tiles like every other call. The header and
// metadata are read once at start, synchronously, so a missing or foreign file stops the start
// with a message naming the setting.
import { closeSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bytesToHeader, Compression, PMTiles, TileType, type Header, type RangeResponse, type Source } from 'pmtiles';

/** What the console needs to draw the archive. */
export interface PmtilesInfo {
  kind: 'vector' | 'raster';
  contentType: string;
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  /** Vector layer ids from the metadata's `vector_layers`; empty for raster archives. */
  layers: string[];
  attribution: string;
}

const SETTING = 'HUOYUN_MAP_PMTILES_FILE';
const CONTENT_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Mvt]: 'application/x-protobuf', [TileType.Png]: 'image/png', [TileType.Jpeg]: 'image/jpeg', [TileType.Webp]: 'image/webp',
};

/** Node has gzip and brotli; zstd archives are refused at start (assertReadable). */
const READABLE = [Compression.None, Compression.Unknown, Compression.Gzip, Compression.Brotli];

function assertReadable(compression: Compression) {
  if (!READABLE.includes(compression)) throw new Error(`${SETTING}: 不支持该 PMTiles 压缩方式（${Compression[compression]}），请用 gzip、brotli 或不压缩`);
}

function decompress(bytes: Uint8Array, compression: Compression): Uint8Array {
  if (compression === Compression.Gzip) return gunzipSync(bytes);
  if (compression === Compression.Brotli) return brotliDecompressSync(bytes);
  return bytes;
}

const toArrayBuffer = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  const read = readSync(fd, buf, 0, length, offset);
  return buf.subarray(0, read);
}

/** Reads and checks the archive's header and metadata; throws a message naming the setting. */
export function readPmtilesInfo(path: string): PmtilesInfo {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    throw new Error(`${SETTING}: 找不到或无法读取 PMTiles 文件 ${path}`);
  }
  try {
    const head = readAt(fd, 0, 127);
    if (head.length < 127 || head.toString('ascii', 0, 7) !== 'PMTiles' || head[7] !== 3) {
      throw new Error(`${SETTING}: ${path} 不是 PMTiles 第 3 版归档`);
    }
    const h: Header = bytesToHeader(toArrayBuffer(head));
    const contentType = CONTENT_TYPES[h.tileType];
    if (!contentType) throw new Error(`${SETTING}: 不支持该瓦片格式（${TileType[h.tileType] ?? h.tileType}），可用 MVT、PNG、JPEG 或 WebP`);
    assertReadable(h.internalCompression);
    assertReadable(h.tileCompression);
    let metadata: { vector_layers?: { id?: unknown }[]; attribution?: unknown } = {};
    if (h.jsonMetadataLength > 0) {
      try {
        metadata = JSON.parse(Buffer.from(decompress(readAt(fd, h.jsonMetadataOffset, h.jsonMetadataLength), h.internalCompression)).toString('utf8'));
      } catch {
        throw new Error(`${SETTING}: ${path} 的元数据无法读取`);
      }
    }
    const kind = h.tileType === TileType.Mvt ? 'vector' : 'raster';
    const layers = kind === 'vector' ? (metadata.vector_layers ?? []).map((l) => String(l.id ?? '')).filter(Boolean) : [];
    if (kind === 'vector' && layers.length === 0) throw new Error(`${SETTING}: ${path} 是矢量瓦片，但元数据没有 vector_layers，无法配图`);
    return {
      kind, contentType, minzoom: h.minZoom, maxzoom: h.maxZoom,
      bounds: [h.minLon, h.minLat, h.maxLon, h.maxLat], center: [h.centerLon, h.centerLat, h.centerZoom],
      layers, attribution: typeof metadata.attribution === 'string' ? metadata.attribution : '',
    };
  } finally {
    closeSync(fd);
  }
}

/** The `pmtiles` reader's view of a local file: positioned reads on one open handle. */
class LocalFileSource implements Source {
  private handle: Promise<FileHandle> | null = null;
  constructor(private readonly path: string) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.handle ??= open(this.path, 'r');
    const buf = Buffer.alloc(length);
    const { bytesRead } = await (await this.handle).read(buf, 0, length, offset);
    return { data: toArrayBuffer(buf.subarray(0, bytesRead)) };
  }
}

export class PmtilesArchive {
  private readonly reader: PMTiles;

  constructor(path: string) {
    this.reader = new PMTiles(new LocalFileSource(path), undefined, async (buf, compression) => toArrayBuffer(decompress(new Uint8Array(buf), compression)));
  }

  /** The tile's bytes, uncompressed; undefined where the archive has none. */
  async tile(z: number, x: number, y: number): Promise<Uint8Array | undefined> {
    const hit = await this.reader.getZxy(z, x, y);
    return hit ? new Uint8Array(hit.data) : undefined;
  }
}
