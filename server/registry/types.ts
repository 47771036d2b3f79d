// Shapes of the schema files (their exact definition is schemas/meta/*.schema.json).
import type { CrossFieldRule } from '../../schemas/keywords/cross-field.ts';
import type { ReportFile } from '../reports/types.ts';
import type { DerivedPagesOption } from './derived-pages.ts';
export type SearchOperator = 'eq' | 'like' | 'in' | 'range';

export interface FieldSchema {
  title: string;
  type?: string | string[];
  format?: string;
  maxLength?: number;
  /** true: an instant (YYYY-MM-DD HH:mm:ss); 'date': a calendar day (Shanghai midnight, shown YYYY-MM-DD). */
  'x-time'?: boolean | 'date';
  [key: string]: unknown;
}

export interface ResourceFile {
  id: string;
  title: string;
  table: string;
  scope?: { customer?: string; carrier?: string };
  softDelete?: boolean;
  history?: boolean;
  permissions: { list: string[]; save: string[]; update: string[]; delete: string[] };
  /** x-checks: rules between fields (schemas/keywords/cross-field.ts). */
  schema: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[]; 'x-checks'?: CrossFieldRule[] };
  readOnlyFields?: Record<string, FieldSchema>;
  /** Read-only fields worked out by SQL at read time: field → computation (server/resources/computed.ts). */
  computed?: Record<string, string>;
  /** Worked out by the resource's hooks for each list page (afterList); not columns. */
  derivedFields?: Record<string, FieldSchema>;
  search?: Record<string, SearchOperator>;
  sort?: string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  unique?: string[][];
  references?: Record<string, { resource: string; label?: string }>;
  dependents?: { resource: string; field: string }[];
  aliases?: { path: string; verb: 'list' | 'count' | 'detail' | 'save' | 'update' | 'batchDelete' | 'history'; alsoAllowedTo?: string[] }[];
  /** Its list, add, update, detail and history pages are derived from it (derived-pages.ts). */
  pages?: DerivedPagesOption;
}

export interface Column {
  field: string;
  title?: string;
  hidden?: boolean;
  disabled?: boolean;
  operationId?: string;
  [key: string]: unknown;
}
export interface Condition {
  field: string;
  label?: string;
  hidden?: boolean;
  disabled?: boolean;
  [key: string]: unknown;
}
export interface Action {
  id: string;
  operationId?: string;
  [key: string]: unknown;
}

export interface PageFile {
  id: string;
  title?: string;
  kind?: string;
  extends?: string;
  resource?: string;
  columns?: Column[];
  search?: Condition[];
  actions?: Action[];
  [key: string]: unknown;
}

export interface VariantFile {
  page: string;
  title?: string;
  hide?: string[];
  relabel?: Record<string, string>;
  order?: string[];
  addColumns?: Column[];
  addActions?: Action[];
}

export interface OperationDef {
  operationId: string;
  operationName: string;
  route?: string;
  jsPath?: string;
  moduleName?: string;
  sideMenu?: boolean;
}
export interface MenuDef {
  menuKey: string;
  title: string;
  url?: string;
  icon?: string;
  target?: string;
  menuType?: string;
  moduleId?: string;
  operations?: OperationDef[];
  children?: MenuDef[];
}

export interface DictionaryFile {
  dicTypeKey: string;
  name: string;
  valueType: 'integer' | 'string';
  items: { id: number | string; label: string; disabled?: boolean; letter?: string; className?: string }[];
}

export interface Registry {
  pages: Map<string, PageFile>;
  resources: Map<string, ResourceFile>;
  dictionaries: Map<string, DictionaryFile>;
  menus: MenuDef[];
  /** corpCode → pageId → overlay */
  variants: Map<string, Map<string, VariantFile>>;
  /** report id → report file (schemas/reports); each is also served as a page of kind report. */
  reports: Map<string, ReportFile>;
}

/** A schema file that is wrong: where, and what. */
export class SchemaError extends Error {
  constructor(readonly file: string, readonly pointer: string, readonly detail: string) {
    super(`${file} ${pointer || '/'}: ${detail}`);
  }
}
