// The service comment setting (服务评价设置): which questions an evaluation asks, per corporation and
// optionally per business type. A save never changes a saved version: it adds the next one, so an
// evaluation keeps the questions it answered (it names its version) and a change applies from its
// moment on. A question keeps its key across versions: the reports' columns follow keys, so a title
// edited or a question turned off stays one column for the evaluations already made.
import type { SessionUser } from '../../http/context.ts';
import { invalid } from '../../http/envelope.ts';
import { formatTime } from '../../resources/time.ts';
import { all, insert, one, tx, type Conn } from '../../resources/statements.ts';

export const QUESTION_KINDS = { star: '星级（1–5星）', yesNo: '是/否', text: '文字' } as const;
export type QuestionKind = keyof typeof QUESTION_KINDS;
export const MAX_QUESTIONS = 20;
export const TITLE_MAX = 30;
/** The longest text answer. */
export const TEXT_ANSWER_MAX = 200;

export interface Question {
  key: string;
  title: string;
  kind: QuestionKind;
  required: boolean;
  sort: number;
  enabled: boolean;
}

export interface Setting {
  /** evaluate_settings.id; null when the corporation never saved one (no questions). */
  settingId: number | null;
  businessType: number | null;
  version: number;
  questions: Question[];
  savedAtStr: string;
}

/** The save's body as the route's schema lets it through. */
export interface SettingInput {
  businessType?: number | null;
  questions: (Omit<Question, 'key'> & { key?: string })[];
}

const questionSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'kind', 'required', 'sort', 'enabled'],
  properties: {
    key: { title: '题目编号', type: 'string', maxLength: 5, pattern: '^q[1-9][0-9]{0,3}$' },
    title: { title: '题目', type: 'string', minLength: 1, maxLength: TITLE_MAX, pattern: '\\S' },
    kind: { title: '题型', type: 'string', enum: Object.keys(QUESTION_KINDS), default: 'star' },
    required: { title: '必答', type: 'boolean', default: false },
    sort: { title: '顺序', type: 'integer', minimum: 0, maximum: 999, default: 1 },
    enabled: { title: '启用', type: 'boolean', default: true },
  },
};

export const saveSettingInput = {
  type: 'object', additionalProperties: false, required: ['questions'],
  properties: {
    businessType: {
      title: '业务类型', type: ['integer', 'null'], minimum: 1, maximum: 99, 'x-dictionary': 'businessType',
      description: '不选为通用设置；选择业务类型则编辑该类型的单独设置，未单独设置的业务类型沿用通用设置',
    },
    questions: { title: '评价题目', type: 'array', maxItems: MAX_QUESTIONS, items: questionSchema },
  },
};

const rowToSetting = (r: { id: number; businessType: number | null; version: number; questions: string; savedAt: number }): Setting => ({
  settingId: r.id, businessType: r.businessType, version: r.version, questions: JSON.parse(r.questions), savedAtStr: formatTime(r.savedAt),
});

const SELECT = 'SELECT id, business_type AS "businessType", version, questions, saved_at AS "savedAt" FROM evaluate_settings';

/** The latest version saved for exactly this business type (null: the corporation-wide one). */
async function latestOf(conn: Conn, corpId: number, businessType: number | null): Promise<Setting | null> {
  const r = await one<any>(conn, `${SELECT} WHERE corp_id = ? AND ${businessType === null ? 'business_type IS NULL' : 'business_type = ?'} ORDER BY version DESC LIMIT 1`,
    corpId, ...(businessType === null ? [] : [businessType]));
  return r ? rowToSetting(r) : null;
}

const EMPTY = (businessType: number | null): Setting => ({ settingId: null, businessType, version: 0, questions: [], savedAtStr: '' });

/** The setting as the settings page edits it: the business type's own, or else a copy of the corporation-wide one to start from. */
export async function settingForEdit(conn: Conn, corpId: number, businessType: number | null): Promise<Setting> {
  const own = await latestOf(conn, corpId, businessType);
  if (own || businessType === null) return own ?? EMPTY(null);
  const wide = await latestOf(conn, corpId, null);
  return { ...EMPTY(businessType), questions: wide?.questions ?? [] };
}

/** The setting an evaluation of a waybill of this business type answers now: its own, else the corporation-wide one. */
export async function settingInForce(conn: Conn, corpId: number, businessType: number): Promise<Setting> {
  return (await latestOf(conn, corpId, businessType)) ?? (await latestOf(conn, corpId, null)) ?? EMPTY(null);
}

/** The questions an evaluation dialog shows: the enabled ones, in order. */
export const askedQuestions = (s: Setting) => s.questions.filter((q) => q.enabled).sort((a, b) => a.sort - b.sort || a.key.localeCompare(b.key, 'en', { numeric: true }));

/** Every question any version of the corporation ever had, by key, with its latest title and kind. */
export async function questionHistory(conn: Conn, corpId: number): Promise<Map<string, Question & { settingId: number }>> {
  const rows = await all<{ id: number; questions: string }>(conn, 'SELECT id, questions FROM evaluate_settings WHERE corp_id = ? ORDER BY saved_at, id', corpId);
  const byKey = new Map<string, Question & { settingId: number }>();
  for (const r of rows) for (const q of JSON.parse(r.questions) as Question[]) byKey.set(q.key, { ...q, settingId: r.id });
  return byKey;
}

/** Saves the next version; answers it as the settings page reads it. */
export function saveSetting(conn: Conn, user: SessionUser, body: SettingInput): Promise<Setting> {
  const businessType = body.businessType ?? null;
  return tx(conn, async () => {
    const known = await questionHistory(conn, user.corpId);
    let next = Math.max(0, ...[...known.keys()].map((k) => Number(k.slice(1)))) + 1;
    const titles = new Set<string>();
    const keys = new Set<string>();
    const questions: Question[] = body.questions.map((q, i) => {
      const title = q.title.trim();
      const at = `评价题目第${i + 1}项`;
      if (titles.has(title)) throw invalid(`${at}：题目「${title}」重复`, { field: 'questions' });
      titles.add(title);
      if (q.key !== undefined) {
        // A key names a question the corporation already has; a new one is numbered here.
        const old = known.get(q.key);
        if (!old) throw invalid(`${at}：题目编号不存在`, { field: 'questions' });
        if (keys.has(q.key)) throw invalid(`${at}：题目编号重复`, { field: 'questions' });
        if (old.kind !== q.kind) throw invalid(`${at}：已有题目不能改变题型，请停用后新增`, { field: 'questions' });
      }
      const key = q.key ?? `q${next++}`;
      keys.add(key);
      return { key, title, kind: q.kind, required: q.required, sort: q.sort, enabled: q.enabled };
    });
    const last = await latestOf(conn, user.corpId, businessType);
    const version = (last?.version ?? 0) + 1;
    const now = Date.now();
    const id = await insert(conn, 'INSERT INTO evaluate_settings (corp_id, business_type, version, questions, saved_by, saved_at) VALUES (?, ?, ?, ?, ?, ?)',
      user.corpId, businessType, version, JSON.stringify(questions), user.userId, now);
    return { settingId: id, businessType, version, questions, savedAtStr: formatTime(now) };
  });
}
