// The page as GET /api/ui/pages/:id serves it (schemas/meta/page.schema.json is the exact
// definition; the server adds `fields` and, for forms, `formSchema`). Every page renderer gets it.
import type { Env } from '../env/env-context.tsx';

export type PageKind = 'list' | 'form' | 'detail' | 'history' | 'report' | 'widget';

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
}

export interface FieldSchema {
  title: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  'x-time'?: boolean;
  /** Dictionary (GET /baseDictionary/findByDicTypeKey) giving the labels of the values. */
  'x-dictionary'?: string;
  [key: string]: unknown;
}

export interface Column {
  field: string;
  title?: string;
  width?: number;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
  dictionary?: string;
  format?: 'datetime' | 'date' | 'number' | 'text';
  hidden?: boolean;
  disabled?: boolean;
  operationId?: string;
  link?: 'order' | 'waybill';
}

export interface Condition {
  field: string;
  label?: string;
  widget?: 'text' | 'number' | 'select' | 'date' | 'dateRange' | 'multi';
  dictionary?: string;
  lookup?: string;
  hidden?: boolean;
  disabled?: boolean;
}

export interface Action {
  id: string;
  label?: string;
  placement?: 'toolbar' | 'row' | 'batch';
  operationId?: string;
  confirm?: string;
  page?: string;
  dialog?: boolean;
  call?: Call;
  before?: Call;
  hidden?: boolean;
}

export interface PageSchema {
  id: string;
  title: string;
  kind: PageKind;
  resource?: string;
  widget?: string;
  api?: { list?: Call; count?: Call; detail?: Call; submit?: Call; before?: Call; history?: Call };
  columns?: Column[];
  search?: Condition[];
  tabs?: { field: string; dictionary?: string; all?: string };
  actions?: Action[];
  form?: { fields: string[]; uiSchema?: Record<string, unknown>; columns?: number };
  sections?: { title: string; fields: string[] }[];
  /** Every field the resource's records carry (title, type, format...), added by the server. */
  fields?: Record<string, FieldSchema>;
  /** Form pages: the JSON Schema the server validates the submit with, restricted to form.fields. */
  formSchema?: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[] };
  /** How the server compares each search field: like (text), eq (value), in (array), range ([from, to]). */
  searchOperators?: Record<string, 'eq' | 'like' | 'in' | 'range'>;
  /** Fields holding another resource's id: pick from `list` (POST, paged), show the record's `label`. */
  references?: Record<string, { resource: string; label?: string; list: string }>;
  layers?: Record<string, string>;
}

/** Where a page was opened from: the route's query (?id=) or the dialog that hosts it. */
export interface PageContext {
  /** Record id for detail, update and history pages. */
  id?: string;
  /** Called by a page shown in a dialog when it is done (saved, cancelled). */
  onDone?: (changed: boolean) => void;
  /** True when the page is rendered inside a dialog rather than as a route. */
  inDialog?: boolean;
  routeOf?: (pageId: string) => string | undefined;
}

export interface PageRendererProps {
  page: PageSchema;
  env: Env;
  context: PageContext;
}
