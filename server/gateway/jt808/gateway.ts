// The JT/T 808 gateway: a TCP server terminals connect to. Per connection, bytes are cut into frames
// at 0x7e (frame.ts, bounded), frames decoded, sub-packages reassembled, and messages handled in
// the order they came: registration (0x0100 → 0x8100 with a code), authentication (0x0102),
// heartbeat (0x0002), location (0x0200) and batch location (0x0704) reports, which go into the
// track store through checkPoints + ingestMany exactly as /track/ingest does (several terminals'
// reports in one transaction: the group commit of tracking/ingest-queue.ts; a report is answered
// success only once its points are committed, failure when they are not), and the terminal's answer
// to a location query (0x0201). Every message is answered (0x8001) with its result. A malformed
// frame is counted, logged with the terminal and dropped; the connection goes on. A terminal that
// is unknown, or that reports before authenticating, is answered, and its connection closed.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Conn } from '../../resources/statements.ts';
import { ApiError } from '../../http/envelope.ts';
import { checkPoints } from '../../tracking/ingest.ts';
import { IngestQueue } from '../../tracking/ingest-queue.ts';
import type { TrackPoint } from '../../tracking/columns.ts';
import { FrameError, FrameSplitter, decodeFrame, encodeMessage, type Frame, type Header } from './frame.ts';
import { Truncated } from './bytes.ts';
import { Reassembler } from './reassembly.ts';
import {
  MsgId, RegisterResult, Result, decodeAuthentication, decodeBatch, decodeLocation, decodeQueryAnswer, decodeRegistration,
  encodeAnswer, encodeRegisterAnswer, type LocationReport,
} from './messages.ts';
import { positioned, reportToPoint } from './location.ts';
import { DEFAULT_PROFILE, profileFor, type DeviceProfile, type DeviceProfiles } from './device-profiles.ts';
import { authenticateTerminal, matchVehicle, registerTerminal, type KnownTerminal } from './terminals.ts';
import { QueryTimeout, setOffline, setOnline, type OnlineTerminal } from './online.ts';

/** A connection silent for this long is closed (three times the standard's default 60 s heartbeat). */
export const IDLE_MS = 180_000;
/** Log lines per connection about malformed frames; the counter goes on counting after that. */
const LOG_LIMIT = 20;

export interface GatewayStats {
  connections: number;
  /** Frames (or messages) dropped as unreadable. */
  malformed: number;
  /** Connections closed because the terminal was unknown or unauthenticated. */
  refused: number;
  /** Points in reports answered with success, and what ingest stored of them (duplicates not). */
  pointsAcknowledged: number;
  pointsStored: number;
  /** Points in reports the ingestion refused (answered with a failure). */
  pointsRefused: number;
  /** Reports without a position fix: answered, not stored. */
  unpositioned: number;
}

/** Timing hooks for the benchmark: `arrived` is performance.now() when the frame's last byte came in. */
export interface GatewayObserver {
  /** `msgId` is the terminal's message answered (0x0200, 0x0704 ...); `part`: a sub-package received, the message not yet whole. */
  answered?(msgId: number, arrived: number, answeredAt: number, part: boolean): void;
  ingesting?(vehicleId: number, arrived: number): void;
}

export interface GatewayOptions {
  conn: Conn;
  profiles?: DeviceProfiles;
  log?: (line: string) => void;
  idleMs?: number;
  observer?: GatewayObserver;
  /** Where reports are stored; by default a queue of the gateway's own over `conn`. */
  ingestion?: IngestQueue;
}

/** Messages a connection may have waiting behind the one being handled before its socket stops being read. */
const BACKLOG_PAUSE = 16;

export class Jt808Gateway {
  readonly stats: GatewayStats = { connections: 0, malformed: 0, refused: 0, pointsAcknowledged: 0, pointsStored: 0, pointsRefused: 0, unpositioned: 0 };
  readonly server: net.Server;
  private sessions = new Set<Session>();
  readonly ingestion: IngestQueue;

  constructor(readonly options: GatewayOptions) {
    this.ingestion = options.ingestion ?? new IngestQueue(options.conn);
    this.server = net.createServer((socket) => {
      const session = new Session(this, socket);
      this.sessions.add(session);
      this.stats.connections++;
      socket.on('close', () => {
        this.stats.connections--;
        this.sessions.delete(session);
        session.closed();
      });
    });
  }

  /** Listens; answers the port (0 picks a free one). */
  listen(port: number, host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host, backlog: 4096 }, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /** Stops listening, closes every connection, and lets the reports already queued be stored. */
  async close(): Promise<void> {
    for (const s of this.sessions) s.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.ingestion.drain();
  }

  log(line: string) {
    (this.options.log ?? ((l: string) => console.warn(l)))(`[jt808] ${line}`);
  }
}

class Session implements OnlineTerminal {
  private splitter: FrameSplitter;
  private parts = new Reassembler();
  private queue: Promise<void> = Promise.resolve();
  /** Messages received and not yet handled. */
  private backlog = 0;
  private serial = 0;
  private terminal: (KnownTerminal & { phone: string }) | null = null;
  private profile: DeviceProfile = DEFAULT_PROFILE;
  private header: Pick<Header, 'version' | 'protocolVersion' | 'phone'> | null = null;
  private closing = false;
  private logged = 0;
  private queries = new Map<number, { resolve: (r: LocationReport) => void; reject: (e: Error) => void }>();

  constructor(private readonly gw: Jt808Gateway, readonly socket: net.Socket) {
    this.splitter = new FrameSplitter(() => this.malformed('超长数据中没有帧标识，已丢弃'));
    socket.setNoDelay(true);
    socket.setTimeout(gw.options.idleMs ?? IDLE_MS, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      const arrived = performance.now();
      for (const content of this.splitter.push(chunk)) {
        this.backlog++;
        // The last guard: whatever happens with one message, the ones after it are still handled.
        this.queue = this.queue.then(() => this.receive(content, arrived)).catch((err: unknown) => this.gw.log(`${this.who} 处理报文出错: ${String(err)}`))
          .finally(() => { if (--this.backlog < BACKLOG_PAUSE && socket.isPaused()) socket.resume(); });
      }
      // A terminal sending faster than its reports are stored (the ingestion queue is full, say)
      // waits in its socket, not in our memory.
      if (this.backlog >= BACKLOG_PAUSE) socket.pause();
    });
    socket.on('error', () => { /* a reset by the terminal: 'close' follows */ });
  }

  private get who() {
    return this.header ? `终端 ${this.header.phone}` : `连接 ${this.socket.remoteAddress}:${this.socket.remotePort}`;
  }

  private malformed(reason: string) {
    this.gw.stats.malformed++;
    if (this.logged++ < LOG_LIMIT) this.gw.log(`${this.who} 报文格式错误，已丢弃: ${reason}`);
  }

  private async receive(content: Buffer, arrived: number) {
    if (this.closing) return;
    let frame: Frame;
    try {
      frame = decodeFrame(content);
    } catch (err) {
      if (err instanceof FrameError) return this.malformed(err.message);
      throw err;
    }
    this.header = { version: frame.header.version, protocolVersion: frame.header.protocolVersion, phone: frame.header.phone };
    if (frame.header.encryption !== 0) return this.answer(frame.header, Result.UNSUPPORTED, arrived);
    if (!frame.header.packet) return this.handle(frame, frame.header, arrived);
    const assembled = this.parts.add(frame);
    if (!assembled.done) {
      if (assembled.dropped) this.malformed('未收齐的分包过多，最早的一条已丢弃');
      if (this.terminal) return this.answer(frame.header, Result.OK, arrived, false, true);
      return this.refuse(frame.header, Result.FAILED, arrived);
    }
    return this.handle(assembled.frame, frame.header, arrived);
  }

  /** One whole message; `last` is the frame that completed it, whose serial the answer names. */
  private async handle(frame: Frame, last: Header, arrived: number) {
    const { header, body } = frame;
    try {
      switch (header.msgId) {
        case MsgId.REGISTER: return await this.register(frame, last, arrived);
        case MsgId.AUTHENTICATE: return await this.authenticate(frame, last, arrived);
        case MsgId.TERMINAL_ANSWER: return;
      }
      if (!this.terminal || this.terminal.phone !== header.phone) {
        this.gw.log(`${this.who} 未鉴权即发送消息 0x${header.msgId.toString(16).padStart(4, '0')}，已应答并断开`);
        return this.refuse(last, Result.FAILED, arrived);
      }
      switch (header.msgId) {
        case MsgId.HEARTBEAT: return this.answer(last, Result.OK, arrived);
        case MsgId.LOCATION: return await this.store([decodeLocation(body)], last, arrived);
        case MsgId.LOCATION_BATCH: return await this.store(decodeBatch(body).reports, last, arrived);
        case MsgId.LOCATION_QUERY_ANSWER: {
          const a = decodeQueryAnswer(body);
          this.queries.get(a.serial)?.resolve(a.report);
          this.queries.delete(a.serial);
          return;
        }
        default: return this.answer(last, Result.UNSUPPORTED, arrived);
      }
    } catch (err) {
      const id = `0x${header.msgId.toString(16).padStart(4, '0')}`;
      if (err instanceof Truncated || err instanceof RangeError || err instanceof FrameError) {
        this.malformed(`消息 ${id}: ${err.message}`);
        return this.answer(last, Result.BAD_MESSAGE, arrived);
      }
      // The database, most likely: the terminal hears a failure and sends again later.
      this.gw.log(`${this.who} 的消息 ${id} 处理失败: ${String(err)}`);
      return this.answer(last, Result.FAILED, arrived);
    }
  }

  private async register({ header, body }: Frame, last: Header, arrived: number) {
    const reg = decodeRegistration(body, header.version);
    const vehicle = await matchVehicle(this.gw.options.conn, header.phone, reg.terminalId);
    if (!vehicle) {
      this.gw.log(`${this.who}（终端ID ${reg.terminalId || '无'}）没有对应的车辆，注册被拒绝`);
      this.gw.stats.refused++;
      return this.send(MsgId.REGISTER_ANSWER, encodeRegisterAnswer({ serial: last.serial, result: RegisterResult.NO_TERMINAL, authCode: '' }), true);
    }
    const authCode = await registerTerminal(this.gw.options.conn, header.phone, vehicle, { terminalId: reg.terminalId, model: reg.model, version: header.version });
    this.send(MsgId.REGISTER_ANSWER, encodeRegisterAnswer({ serial: last.serial, result: RegisterResult.OK, authCode }));
    this.gw.options.observer?.answered?.(MsgId.REGISTER, arrived, performance.now(), false);
  }

  private async authenticate({ header, body }: Frame, last: Header, arrived: number) {
    const { authCode } = decodeAuthentication(body, header.version);
    const known = await authenticateTerminal(this.gw.options.conn, header.phone, authCode);
    if (!known) {
      this.gw.log(`${this.who} 鉴权码无效或未注册，已断开`);
      return this.refuse(last, Result.FAILED, arrived);
    }
    if (this.terminal && this.terminal.vehicleId !== known.vehicleId) setOffline(this.terminal.vehicleId, this);
    this.terminal = { ...known, phone: header.phone };
    this.profile = profileFor(this.gw.options.profiles ?? {}, known.model);
    setOnline(known.vehicleId, this);
    this.answer(last, Result.OK, arrived);
  }

  /** Reports → one checked batch → the ingestion queue; the answer says whether it was committed. */
  private async store(reports: LocationReport[], last: Header, arrived: number) {
    const t = this.terminal!;
    const fixed = reports.filter(positioned);
    this.gw.stats.unpositioned += reports.length - fixed.length;
    if (fixed.length === 0) return this.answer(last, Result.OK, arrived);
    const points: TrackPoint[] = [];
    for (const r of fixed) {
      const p = reportToPoint(r, this.profile, t.lastOdometer);
      t.lastOdometer = p.odometer;
      points.push(p);
    }
    try {
      const checked = checkPoints(points, Date.now());
      this.gw.options.observer?.ingesting?.(t.vehicleId, arrived);
      // Settles after the commit of the flush that took these points: success is answered only then.
      const { stored } = await this.gw.ingestion.submit(t.corpId, t.vehicleId, checked);
      this.gw.stats.pointsAcknowledged += points.length;
      this.gw.stats.pointsStored += stored;
      this.answer(last, Result.OK, arrived);
    } catch (err) {
      this.gw.stats.pointsRefused += points.length;
      this.gw.log(`${this.who} 的 ${points.length} 个位置未入库: ${err instanceof ApiError ? err.message : String(err)}`);
      this.answer(last, Result.FAILED, arrived);
    }
  }

  private answer(to: Header, result: number, arrived: number, thenClose = false, part = false) {
    this.send(MsgId.PLATFORM_ANSWER, encodeAnswer({ serial: to.serial, msgId: to.msgId, result }), thenClose);
    this.gw.options.observer?.answered?.(to.msgId, arrived, performance.now(), part);
  }

  private refuse(to: Header, result: number, arrived: number) {
    this.gw.stats.refused++;
    this.answer(to, result, arrived, true);
  }

  private send(msgId: number, body: Buffer, thenClose = false) {
    if (!this.header || this.socket.destroyed) return;
    const frames = encodeMessage({ msgId, encryption: 0, ...this.header }, body, () => (this.serial = (this.serial + 1) & 0xffff));
    for (const f of frames) this.socket.write(f);
    if (thenClose) {
      this.closing = true;
      this.socket.end();
    }
  }

  queryLocation(timeoutMs: number): Promise<LocationReport> {
    return new Promise((resolve, reject) => {
      const serial = (this.serial + 1) & 0xffff;
      const timer = setTimeout(() => {
        this.queries.delete(serial);
        reject(new QueryTimeout());
      }, timeoutMs);
      this.queries.set(serial, {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      this.send(MsgId.LOCATION_QUERY, Buffer.alloc(0));
    });
  }

  describe(report: LocationReport): TrackPoint {
    return reportToPoint(report, this.profile, this.terminal?.lastOdometer ?? 0);
  }

  closed() {
    if (this.terminal) setOffline(this.terminal.vehicleId, this);
    for (const q of this.queries.values()) q.reject(new QueryTimeout());
    this.queries.clear();
  }
}
