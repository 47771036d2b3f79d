// The page as GET /api/ui/pages/:id serves it (schemas/meta/page.schema.json is the exact
// definition; the server adds `fields` and, for forms, `formSchema`). Every page renderer gets it.
import type { CrossFieldRule } from '../../schemas/keywords/cross-field.ts';
import type { DurationUnit } from '../../schemas/keywords/duration.ts';
import type { Env } from '../env/env-context.tsx';

export type PageKind = 'list' | 'form' | 'detail' | 'history' | 'report' | 'widget';

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  /** Name under which the record id is sent (orderId for querySplitOrder); default id. */
  idParam?: string;
  /** A settings form's before call: no record id is sent (or needed); it loads the corporation's own settings. */
  recordless?: boolean;
  /** Address keys the before call sends too; editing such a field reopens the page for its value (settings per business type). */
  query?: string[];
  /** Name under which a batch call sends the selected ids; default ids. */
  idsParam?: string;
}

export interface FieldSchema {
  title: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  /** true: an instant; 'date': a calendar day (Shanghai midnight), shown and picked without a time. */
  'x-time'?: boolean | 'date';
  /** Money: the value is integer fen, shown and typed as yuan (schemas/keywords/money.ts). */
  'x-money'?: boolean;
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
  /** duration: a length of time in `unit` (minutes by default), shown as 134天14小时5分. money: integer fen shown as ¥1,234.50. */
  format?: 'datetime' | 'date' | 'number' | 'text' | 'duration' | 'money';
  unit?: DurationUnit;
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
  /** How the list call compares the field, for pages without a resource. */
  operator?: 'eq' | 'like' | 'in' | 'range';
}

/** Record states (field → allowed values) in which a state-gated action is offered; any entry. */
export type StateGate = Record<string, unknown[]>[];

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
  /** The workflow action this button performs; the server derives `availableWhen` from it. */
  state?: { machine: 'order' | 'waybill' | 'login' | 'credential' | 'bill'; action: string };
  /** A row condition where no machine governs the action (field → values, any entry); the server turns it into `availableWhen`. */
  when?: Record<string, unknown[]> | Record<string, unknown[]>[];
  /** Downloads the attachment GET path?<idParam>=<record id> answers (a bill's .xlsx). */
  download?: { path: string; idParam?: string };
  /** Prints the page with the browser (detail pages; print.css hides the shell). */
  print?: true;
  /** A toolbar action opening the import dialog for this resource (import-center/import-dialog.tsx). */
  import?: string;
  /** Row field passed as the opened page's record id; default id. */
  idField?: string;
  availableWhen?: StateGate;
  /** A batch action whose rows go to different calls: each row to the first entry whose `when` it matches. */
  calls?: { when?: Record<string, unknown[]>; call: Call }[];
  /** A row action opening a dialog of the console with the row (list/row-dialogs.tsx). */
  rowDialog?: RowDialogKind;
}

export type RowDialogKind = 'alarmHandle' | 'alarmDetail';

/** Form fields filled from the before call's answer: a path, or a list mapped item by item. */
export type InitialFrom = string | { first: string[] } | { from: string; pick?: Record<string, string>; where?: string } | { value: unknown } | { query: string };

export interface Section {
  title: string;
  fields?: string[];
  /** A named detail widget (detail-widgets.tsx) given the record id. */
  widget?: 'waybillTimeline' | 'orderFlowTimeline' | 'waybillFees' | 'orderFees';
  /** Rows as a table: a list field of the record (`from`) or what `GET path?id=` answers. */
  table?: DetailTable;
}

export interface DetailTable {
  from?: string;
  path?: string;
  /** Said when there are no rows. */
  empty?: string;
  /** `link` opens that record's page (page.links) by the row's `<kind>Id`. */
  columns: { field: string; title: string; link?: 'order' | 'waybill'; width?: number; format?: 'money' }[];
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
  /** A hierarchy: rows under their parents, `column` indented by depth (list-page, tree-rows.ts). */
  tree?: { parent: string; column: string };
  /** The list reads again on its own every this many seconds (list-page.tsx). */
  refreshSeconds?: number;
  tabs?: { field: string; dictionary?: string; all?: string; counts?: 'each' | 'grouped'; countBody?: Record<string, unknown>; only?: (string | number)[] };
  /** Sent with every list and count call (a business line's business-type group); overrides the search. */
  filter?: Record<string, unknown>;
  /**
   * A list of the children of one record (a contract's rate rules): the record id the page was opened
   * with (?id=) filters the list by this field, and the toolbar's pages get it as ?<field>=<id>.
   */
  parentField?: string;
  /** Business jump: the page a `link` column opens, per record kind. */
  links?: { order?: string; waybill?: string };
  /** Query parameter holding the record id when the page is a route; default id. */
  idParam?: string;
  actions?: Action[];
  form?: {
    fields: string[]; uiSchema?: Record<string, unknown>; columns?: number; payload?: 'changes' | 'all'; initial?: Record<string, InitialFrom>; summary?: { field: string; title: string }[];
    /** A choice made before another page: instead of saving, open `page` with the `carry` fields in its query. */
    next?: { page: string; carry: string[] };
    /** Server checks shown as warnings while the form is filled (form-advisories.tsx). */
    advisories?: Advisory[];
    /** A rule's preview over past data (form-preview.tsx). */
    preview?: { path: string };
  };
  sections?: Section[];
  /** Every field the resource's records carry (title, type, format...), added by the server. */
  fields?: Record<string, FieldSchema>;
  /** Form pages: the JSON Schema the server validates the submit with, restricted to form.fields. */
  formSchema?: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[]; 'x-checks'?: CrossFieldRule[] };
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
  /** The dialog around the page already shows its title and close button (a row action's dialog): the page draws neither. */
  dialogTitled?: boolean;
  routeOf?: (pageId: string) => string | undefined;
}

export interface PageRendererProps {
  page: PageSchema;
  env: Env;
  context: PageContext;
}

/** A check the form asks the server for once `fields` are filled; its message is a warning, never a refusal. */
export interface Advisory {
  fields: string[];
  api: string;
  /** Request key → form field. */
  body: Record<string, string>;
  /** The answer's key that is true when there is nothing to warn about. */
  passed: string;
  /** A button beside the warning: posts `api` with the same body and one typed number, then checks again. */
  fix?: { label: string; api: string; input: { key: string; title: string } };
}
