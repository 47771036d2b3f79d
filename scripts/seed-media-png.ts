// Small real images for the demo's flash photos and active-safety events, drawn in code and
// encoded as PNG with node:zlib (nothing downloaded): a simple scene for the camera (road ahead,
// cargo box or driver's cab) with the plate, channel and time written in a pixel font in the
// caption bar, as terminals stamp their snapshots.
import { crc32, deflateSync } from 'node:zlib';

export const IMAGE_WIDTH = 320;
export const IMAGE_HEIGHT = 180;

type Rgb = [number, number, number];

/** 3×5 pixel font: five rows of three bits (4 left, 2 middle, 1 right). */
const FONT: Record<string, number[]> = {
  '0': [7, 5, 5, 5, 7], '1': [2, 6, 2, 2, 7], '2': [7, 1, 7, 4, 7], '3': [7, 1, 7, 1, 7], '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7], '6': [7, 4, 7, 5, 7], '7': [7, 1, 1, 1, 1], '8': [7, 5, 7, 5, 7], '9': [7, 5, 7, 1, 7],
  A: [2, 5, 7, 5, 5], B: [6, 5, 6, 5, 6], C: [3, 4, 4, 4, 3], D: [6, 5, 5, 5, 6], E: [7, 4, 6, 4, 7], F: [7, 4, 6, 4, 4],
  G: [3, 4, 5, 5, 3], H: [5, 5, 7, 5, 5], I: [7, 2, 2, 2, 7], J: [1, 1, 1, 5, 2], K: [5, 5, 6, 5, 5], L: [4, 4, 4, 4, 7],
  M: [5, 7, 7, 5, 5], N: [6, 5, 5, 5, 5], O: [2, 5, 5, 5, 2], P: [6, 5, 6, 4, 4], Q: [2, 5, 5, 6, 3], R: [6, 5, 6, 5, 5],
  S: [3, 4, 2, 1, 6], T: [7, 2, 2, 2, 2], U: [5, 5, 5, 5, 7], V: [5, 5, 5, 5, 2], W: [5, 5, 7, 7, 5], X: [5, 5, 2, 5, 5],
  Y: [5, 5, 2, 2, 2], Z: [7, 1, 2, 4, 7], '-': [0, 0, 7, 0, 0], ':': [0, 2, 0, 2, 0], '.': [0, 0, 0, 0, 2], ' ': [0, 0, 0, 0, 0],
};

class Canvas {
  readonly pixels: Uint8Array;
  constructor(readonly width: number, readonly height: number) {
    this.pixels = new Uint8Array(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }
  rect(x: number, y: number, w: number, h: number, c: Rgb) {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) this.set(xx, yy, c);
  }
  /** Text in the pixel font, `scale` pixels per font dot; characters it lacks are left blank. */
  text(x: number, y: number, s: string, c: Rgb, scale = 2) {
    for (const [k, ch] of [...s.toUpperCase()].entries()) {
      const rows = FONT[ch] ?? FONT[' '];
      rows.forEach((bits, row) => {
        for (let col = 0; col < 3; col++) if (bits & (4 >> col)) this.rect(x + (k * 4 + col) * scale, y + row * scale, scale, scale, c);
      });
    }
  }
  disc(cx: number, cy: number, r: number, c: Rgb) {
    for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c);
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;

export type Scene = 'road' | 'cargo' | 'cabin';

/** Daylight from the hour (Asia/Shanghai): night pictures are darker, as infrared snapshots are. */
function light(hour: number): number {
  return hour >= 7 && hour <= 17 ? 1 : hour >= 5 && hour <= 19 ? 0.7 : 0.4;
}

function drawRoad(c: Canvas, l: number) {
  const horizon = 70;
  for (let y = 0; y < horizon; y++) c.rect(0, y, c.width, 1, mix([110, 170, 235], [225, 238, 250], y / horizon).map((v) => v * l) as Rgb);
  for (let y = horizon; y < c.height; y++) {
    const t = (y - horizon) / (c.height - horizon);
    c.rect(0, y, c.width, 1, mix([120, 150, 90], [80, 120, 60], t).map((v) => v * l) as Rgb);
    const half = 8 + t * 150;
    c.rect(c.width / 2 - half, y, half * 2, 1, [95 * l, 95 * l, 100 * l]);
    // Lane dashes: every other band of rows, wider as they come closer.
    if (Math.floor(Math.sqrt(y - horizon) * 2.2) % 2 === 0) c.rect(c.width / 2 - 1 - t * 2, y, 2 + t * 4, 1, [235 * l, 235 * l, 235 * l]);
  }
}

function drawCargo(c: Canvas, l: number, fill: number) {
  c.rect(0, 0, c.width, c.height, [70 * l, 75 * l, 80 * l]);
  c.rect(40, 20, c.width - 80, c.height - 40, [150 * l, 155 * l, 160 * l]);
  // Pallets of goods up to the load level.
  const rows = Math.max(1, Math.round(fill * 3));
  for (let r = 0; r < rows; r++) for (let k = 0; k < 4; k++) c.rect(52 + k * 56, c.height - 60 - r * 34, 48, 30, [196 * l, 150 * l, 90 * l]);
}

function drawCabin(c: Canvas, l: number) {
  c.rect(0, 0, c.width, c.height, [55 * l, 58 * l, 64 * l]);
  c.rect(0, 0, c.width, 50, [150 * l, 180 * l, 210 * l]);
  c.disc(160, 80, 26, [205 * l, 170 * l, 140 * l]);
  c.rect(110, 108, 100, 60, [40 * l, 60 * l, 110 * l]);
  c.rect(95, 120, 130, 8, [20, 20, 20]);
}

/** A PNG snapshot: the scene, then a caption bar with plate, channel and time. */
export function snapshotPng(opts: { scene: Scene; plate: string; channel: number; time: string; hour: number; fill?: number }): Buffer {
  const c = new Canvas(IMAGE_WIDTH, IMAGE_HEIGHT);
  const l = light(opts.hour);
  if (opts.scene === 'road') drawRoad(c, l);
  else if (opts.scene === 'cargo') drawCargo(c, l, opts.fill ?? 0.6);
  else drawCabin(c, l);
  c.rect(0, c.height - 18, c.width, 18, [0, 0, 0]);
  // The plate's province character is outside the pixel font; its letters and digits are written.
  c.text(4, c.height - 14, `${opts.plate.replace(/[^0-9A-Za-z]/g, '')} CH${opts.channel}`, [255, 220, 0]);
  c.text(c.width - 4 - opts.time.length * 8, c.height - 14, opts.time, [255, 255, 255]);
  return encodePng(c.width, c.height, c.pixels);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** 8-bit RGB PNG, every scanline with filter 0. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
