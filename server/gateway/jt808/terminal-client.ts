// A JT/T 808 terminal in software: what the simulator (scripts/simulate.ts), the gateway benchmark
// and the gateway tests connect with, so all three speak through the same code. It registers,
// authenticates, reports points (one, or a batch that goes as sub-packages when it is long), sends
// heartbeats, and answers the platform's location query with its newest point.
import net from 'node:net';
import type { TrackPoint } from '../../tracking/columns.ts';
import { FrameSplitter, decodeFrame, encodeMessage, type Version } from './frame.ts';
import {
  MsgId, decodeAnswer, decodeRegisterAnswer, encodeAuthentication, encodeBatch, encodeLocation, encodeQueryAnswer, encodeRegistration,
  type GeneralAnswer, type LocationReport, type RegisterAnswer,
} from './messages.ts';
import { pointToReport } from './location.ts';
import { DEFAULT_PROFILE, type DeviceProfile } from './device-profiles.ts';

export interface TerminalIdentity {
  /** 终端手机号: up to 12 digits (2013) or 20 (2019). */
  phone: string;
  version: Version;
  /** 终端ID: up to 7 characters (2013) or 30 (2019). */
  terminalId: string;
  model?: string;
  plate?: string;
  profile?: DeviceProfile;
}

type Waiting = { resolve: (a: GeneralAnswer | RegisterAnswer) => void; reject: (e: Error) => void };

export class SimTerminal {
  authCode = '';
  /** The newest point reported: the answer to a location query. */
  position: TrackPoint | null = null;
  readonly closed: Promise<void>;
  private serial = 0;
  private waiting = new Map<number, Waiting>();
  private splitter = new FrameSplitter(() => {});

  private constructor(readonly id: TerminalIdentity, private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => { for (const content of this.splitter.push(chunk)) this.receive(content); });
    socket.on('error', () => { /* 'close' follows */ });
    this.closed = new Promise((resolve) => socket.on('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error('连接已关闭'));
      this.waiting.clear();
      resolve();
    }));
  }

  static connect(port: number, id: TerminalIdentity, host = '127.0.0.1'): Promise<SimTerminal> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host }, () => {
        socket.off('error', reject);
        resolve(new SimTerminal(id, socket));
      });
      socket.once('error', reject);
    });
  }

  get profile() { return this.id.profile ?? DEFAULT_PROFILE; }

  private receive(content: Buffer) {
    const { header, body } = decodeFrame(content);
    if (header.msgId === MsgId.LOCATION_QUERY) {
      if (this.position) void this.send(MsgId.LOCATION_QUERY_ANSWER, encodeQueryAnswer({ serial: header.serial, report: pointToReport(this.position, this.profile) }), false);
      return;
    }
    const answer = header.msgId === MsgId.REGISTER_ANSWER ? decodeRegisterAnswer(body) : header.msgId === MsgId.PLATFORM_ANSWER ? decodeAnswer(body) : null;
    if (!answer) return;
    this.waiting.get(answer.serial)?.resolve(answer);
    this.waiting.delete(answer.serial);
  }

  /** Sends a message; with `await_`, resolves with the answers to its frames (one per sub-package). */
  private send(msgId: number, body: Buffer, await_ = true): Promise<(GeneralAnswer | RegisterAnswer)[]> {
    const { phone, version } = this.id;
    const frames = encodeMessage({ msgId, version, protocolVersion: 1, phone, encryption: 0 }, body, () => (this.serial = (this.serial + 1) & 0xffff));
    const first = (this.serial - frames.length + 1 + 0x10000) & 0xffff;
    const answers = await_ ? frames.map((_, i) => new Promise<GeneralAnswer | RegisterAnswer>((resolve, reject) => this.waiting.set((first + i) & 0xffff, { resolve, reject }))) : [];
    this.socket.write(frames.length === 1 ? frames[0] : Buffer.concat(frames));
    return Promise.all(answers);
  }

  /** Bytes as they are, for tests that send noise or broken frames. */
  sendRaw(bytes: Uint8Array) {
    this.socket.write(bytes);
  }

  async register(): Promise<RegisterAnswer> {
    const { version, terminalId, model = 'HY-SIM', plate = '' } = this.id;
    const [a] = await this.send(MsgId.REGISTER, encodeRegistration({ province: 41, city: 100, manufacturer: 'HUOYN', model, terminalId, plateColor: plate ? 2 : 0, plate }, version));
    const answer = a as RegisterAnswer;
    if (answer.result === 0) this.authCode = answer.authCode;
    return answer;
  }

  async authenticate(code = this.authCode): Promise<GeneralAnswer> {
    const [a] = await this.send(MsgId.AUTHENTICATE, encodeAuthentication({ authCode: code, imei: '860000000000000', softwareVersion: 'sim-1.0' }, this.id.version));
    return a as GeneralAnswer;
  }

  async heartbeat(): Promise<GeneralAnswer> {
    return (await this.send(MsgId.HEARTBEAT, Buffer.alloc(0)))[0] as GeneralAnswer;
  }

  async report(point: TrackPoint, alarm = 0): Promise<GeneralAnswer> {
    this.position = point;
    return (await this.send(MsgId.LOCATION, encodeLocation(pointToReport(point, this.profile, alarm))))[0] as GeneralAnswer;
  }

  /** Sends a prepared report as it is (tests that need a field the points cannot say). */
  async reportRaw(report: LocationReport): Promise<GeneralAnswer> {
    return (await this.send(MsgId.LOCATION, encodeLocation(report)))[0] as GeneralAnswer;
  }

  /** 0x0704: type 0 a normal batch, 1 a blind-area re-upload. Answers the worst result among its parts' answers. */
  async batch(points: TrackPoint[], type: 0 | 1 = 1): Promise<GeneralAnswer> {
    if (points.length) this.position = points[points.length - 1];
    const answers = (await this.send(MsgId.LOCATION_BATCH, encodeBatch({ type, reports: points.map((p) => pointToReport(p, this.profile)) }))) as GeneralAnswer[];
    return answers.reduce((worst, a) => (a.result > worst.result ? a : worst));
  }

  close() {
    this.socket.end();
    return this.closed;
  }

  destroy() {
    this.socket.destroy();
  }
}
