// The only routes that do not need an operation id. Anything else must declare the operation ids
// it needs; tests/permissions.test.ts fails for a route missing from both.

/** No session needed. */
export const PUBLIC_ROUTES = ['POST /login', 'GET /oaAccountAutoLogin'];

/** Any logged-in user: their own profile, menus, settings and the shared catalogues. */
export const SESSION_ROUTES = [
  'POST /signOut',
  'GET /user/getCurrentUser',
  'GET /personalSet/getCorpPersonalSet',
  // The business switches a form needs (业务个性化设置): a value, readable by every user the setting governs.
  'GET /businessPersonalSet/getInfoByKey',
  'GET /user/checkUserPWD',
  'POST /user/modifyCurrentPassword',
  'POST /menu/menuTree',
  'POST /menu/allMenu',
  'POST /menu/getLogoUrl',
  'GET /ui/pages/:id{.+}',
  'GET /tms/field/getColumn/:id{.+}',
  'GET /tms/field/getSearch/:id{.+}',
  'POST /tms/field/setColumn',
  'POST /tms/field/setSearch',
  'GET /baseDictionary/findByDicTypeKey',
  'GET /e6Organization/findOrganizationTree',
  // The same department tree under the spec's second name, and the equipment types (a shipped dictionary).
  'GET /e6Organization/findAllOrgTree',
  'GET /equip/findEquipTypeList',
  'GET /menu/routes',
  'GET /helpcenter/link',
  'POST /userSet/updateHaveBrowsedConfig',
  'POST /api3/COMMON-MODULE-BASE-FILE-PROCESSOR-WEB/api/upload/fildUploadPublicByInputStream',
  'GET /file/download/:id',
  'GET /system/notice',
  // Each user's own dashboard cards (the home page every user has).
  'GET /dashboardRuleSet/findByUserId',
  'POST /dashboardRuleSet/addOrUpdate',
  // What a rule's conditions may say (the condition editor of every rule form): metadata, no records.
  'GET /delegate/listOperator',
  'GET /delegate/listConditionDefine',
  // The map sources and the offline basemap's tiles: every map of the console needs them.
  'GET /map/sources',
  'GET /map/tiles/:z/:x/:y',
];

/**
 * A terminal credential, never a session (terminal-access.ts): the ingestion of track points,
 * snapshots and driver events. tests/security/terminals.test.ts proves a session is refused there.
 */
export const TERMINAL_ROUTES = ['POST /track/ingest', 'POST /flash/ingest', 'POST /driverAlarm/receiveEvent', 'POST /terminal/upload'];
