// Shapes of the session and shell calls (spec section 7). Kept apart from the client so that pages
// and the shell share them; they move to schemas/generated once the server publishes its types.

/** `result` of /login, /user/getCurrentUser. */
export interface UserInfo {
  userId: number;
  userName: string;
  realName: string;
  corpId: number;
  /** The corporation's name, shown on the home card. */
  corpName?: string;
  orgId: number | null;
  /** 0 staff, 1 customer, 2 carrier. */
  userType: number;
  parentId: number | null;
  partnerId: number | null;
  partnerName: string | null;
  pwdExpired: boolean;
  lastPasswordModifiedTime: number | null;
  latLon: string | null;
  /** 0 until the user has read the online-service guide (spec section 4). */
  haveBrowsed?: number;
}

/** `result` of GET /personalSet/getCorpPersonalSet: the corporation's settings read at login (spec section 3). */
export interface CorpSettings {
  /** 1: the user must change the password before working; 2 (default): no prompt. */
  passwordStatus: number;
  /** 1 (default): the message popover hides by itself after 3 s. */
  msgLayerDisplayMode: number;
  /** 业务个性化设置: each catalogue key (schemas/settings/business-personal.json) with its value in force, 1 是 / 0 否. */
  businessPersonalSet?: Record<string, number>;
  [key: string]: unknown;
}

/** `result` of GET /helpcenter/link. */
export interface HelpLinks {
  helpBookLink?: string | null;
  updateLogLink?: string | null;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** `result` of the single-sign-on check; resultCode 1 means a live session already exists. */
export interface AutoLoginResult {
  resultCode: number;
  resultVO?: { returnUrl?: string };
}

// Optional and nullable alike: the server sends null for unset columns, fixtures often omit them.
export interface MenuOperation {
  operationId: string;
  operationName: string;
  route?: string | null;
  /** The page id rendered at `route`. */
  jsPath?: string | null;
  moduleName?: string | null;
  sideMenu?: boolean;
}

export interface MenuItem {
  menuKey: string;
  menuType?: string | null;
  title: string;
  url?: string | null;
  icon?: string | null;
  target?: string | null;
  moduleId?: string | null;
  level?: number;
  operationList?: MenuOperation[];
  children?: MenuItem[];
}

export interface LogoInfo {
  icoUrl?: string | null;
  title?: string | null;
}

/** Code 105: what a batch delete did (server/resources/writes.ts batchDelete). */
export interface BatchDeleteResult {
  total: number;
  successCount: number;
  failCount: number;
  cannotDeleteCount: number;
  details?: { id: number; result: 'failed' | 'cannotDelete'; reason: string }[];
}

/** Code 107: a total line plus one counted line per type. */
export interface BatchSummaryResult {
  message?: string;
  details?: { label: string; count: number }[];
}
