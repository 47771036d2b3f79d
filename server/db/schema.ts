// Drizzle table definitions. Column names are snake_case; the API speaks camelCase and the
// resource engine maps between them (see server/resources/columns.ts).
// Every business table carries corp_id; system tables (menus, operations, sessions) do not.
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, real, primaryKey, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Unique keys hold among live rows only, so a soft-deleted record does not block re-adding it. */
export const live = sql`is_deleted = 0`;

/** Columns every business table has: soft delete, optimistic version, who and when. */
export const audit = {
  isDeleted: integer('is_deleted').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by'),
  createdAt: integer('created_at').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: integer('updated_at').notNull(),
};

export const corporations = sqliteTable('corporations', {
  id: integer('id').primaryKey(),
  corpCode: text('corp_code').notNull().unique(),
  corpName: text('corp_name').notNull(),
  /** JSON of the corporation's personal settings (spec section 3 "Settings read at login"). */
  settings: text('settings').notNull().default('{}'),
  createdAt: integer('created_at').notNull(),
});

export const departments = sqliteTable('departments', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  parentId: integer('parent_id'),
  orgName: text('org_name').notNull(),
  orgCode: text('org_code').notNull(),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('departments_code').on(t.corpId, t.orgCode).where(live)]);

export const carriers = sqliteTable('carriers', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  carrierCode: text('carrier_code').notNull(),
  carrierName: text('carrier_name').notNull(),
  contactName: text('contact_name'),
  contactMobile: text('contact_mobile'),
  creditCode: text('credit_code'),
  address: text('address'),
  status: integer('status').notNull().default(0),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('carriers_code').on(t.corpId, t.carrierCode).where(live)]);

export const customers = sqliteTable('customers', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  customerCode: text('customer_code').notNull(),
  customerName: text('customer_name').notNull(),
  contactName: text('contact_name'),
  contactMobile: text('contact_mobile'),
  email: text('email'),
  address: text('address'),
  status: integer('status').notNull().default(0),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('customers_code').on(t.corpId, t.customerCode).where(live)]);

export const carModels = sqliteTable('car_models', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  modelName: text('model_name').notNull(),
  lengthM: real('length_m'),
  loadWeightT: real('load_weight_t'),
  volumeM3: real('volume_m3'),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('car_models_name').on(t.corpId, t.modelName).where(live)]);

export const drivers = sqliteTable('drivers', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  carrierId: integer('carrier_id').references(() => carriers.id),
  driverName: text('driver_name').notNull(),
  mobile: text('mobile').notNull(),
  idCard: text('id_card'),
  licenseType: text('license_type'),
  /** 驾驶证 and 从业资格证 valid through these Shanghai days (epoch ms of the day's start), for the access inspection. */
  licenseExpiry: integer('license_expiry'),
  qualificationExpiry: integer('qualification_expiry'),
  status: integer('status').notNull().default(0),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('drivers_mobile').on(t.corpId, t.mobile).where(live), index('drivers_carrier').on(t.corpId, t.isDeleted, t.carrierId, t.updatedAt)]);

export const vehicles = sqliteTable('vehicles', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  carrierId: integer('carrier_id').references(() => carriers.id),
  vehicleNo: text('vehicle_no').notNull(),
  carModelId: integer('car_model_id').references(() => carModels.id),
  driverId: integer('driver_id').references(() => drivers.id),
  vin: text('vin'),
  engineNo: text('engine_no'),
  dataterminalId: text('dataterminal_id'),
  loadWeight: real('load_weight'),
  volume: real('volume'),
  /** 注册日期 (the vehicle's age) and the documents' last valid days (epoch ms of Shanghai day starts), for the access inspection. */
  registerDate: integer('register_date'),
  drivingLicenseExpiry: integer('driving_license_expiry'),
  transportLicenseExpiry: integer('transport_license_expiry'),
  insuranceExpiry: integer('insurance_expiry'),
  status: integer('status').notNull().default(0),
  camera: integer('camera').notNull().default(0),
  dipstick: integer('dipstick').notNull().default(0),
  detectDoor: integer('detect_door').notNull().default(0),
  gatherTemperature: integer('gather_temperature').notNull().default(0),
  coldMachine: integer('cold_machine').notNull().default(0),
  gatherHumidity: integer('gather_humidity').notNull().default(0),
  /** Bit mask of temperature channels 1-16. */
  temperaturectrl: integer('temperaturectrl').notNull().default(0),
  /** Bit mask of humidity channels 1-16. */
  humidityChannel: integer('humidity_channel').notNull().default(0),
  /** Bit mask of oil channels 1-2. */
  oilControl: integer('oil_control').notNull().default(0),
  /** Bit mask of door channels 1-16. */
  openDoorStatus: integer('open_door_status').notNull().default(0),
  remark: text('remark'),
  ...audit,
}, (t) => [
  uniqueIndex('vehicles_no').on(t.corpId, t.vehicleNo).where(live),
  // A carrier user's every list is limited to its carrier: this index serves that scope and its sort.
  index('vehicles_carrier').on(t.corpId, t.isDeleted, t.carrierId, t.updatedAt),
  index('vehicles_corp_updated').on(t.corpId, t.isDeleted, t.updatedAt),
  index('vehicles_corp_status').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
]);

/** Custom areas (electronic fences), kept after deletion: waybill routes still point at them. */
export const areas = sqliteTable('areas', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  customerId: integer('customer_id').references(() => customers.id),
  areaName: text('area_name').notNull(),
  areaCode: text('area_code').notNull(),
  typeId: integer('type_id').notNull().default(3),
  lon: real('lon').notNull(),
  lat: real('lat').notNull(),
  radius: integer('radius'),
  areaLonLat: text('area_lon_lat'),
  province: text('province'),
  city: text('city'),
  district: text('district'),
  address: text('address'),
  /** The fence's label (仓库, 门店, 中转站 …): free text, searched and shown beside the name. */
  areaLabel: text('area_label'),
  ...audit,
}, (t) => [
  uniqueIndex('areas_code').on(t.corpId, t.areaCode).where(live),
  // The fence list (电子围栏管理): newest edits first within the corporation's live fences.
  index('areas_corp_updated').on(t.corpId, t.isDeleted, t.updatedAt),
]);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  orgId: integer('org_id').references(() => departments.id),
  parentId: integer('parent_id'),
  userName: text('user_name').notNull().unique(),
  realName: text('real_name').notNull(),
  mobile: text('mobile'),
  /** 0 corporation staff, 1 customer, 2 carrier. */
  userType: integer('user_type').notNull().default(0),
  partnerId: integer('partner_id'),
  passwordHash: text('password_hash').notNull(),
  passwordSalt: text('password_salt').notNull(),
  lastPasswordModifiedTime: integer('last_password_modified_time').notNull(),
  /** 1: the password must be changed before work goes on; 2: no prompt (spec default). */
  passwordStatus: integer('password_status').notNull().default(2),
  haveBrowsed: integer('have_browsed').notNull().default(0),
  enabled: integer('enabled').notNull().default(1),
  ...audit,
});

export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  roleName: text('role_name').notNull(),
  remark: text('remark'),
  ...audit,
}, (t) => [uniqueIndex('roles_name').on(t.corpId, t.roleName).where(live)]);

export const roleOperations = sqliteTable('role_operations', {
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  operationId: text('operation_id').notNull().references(() => operations.operationId),
}, (t) => [primaryKey({ columns: [t.roleId, t.operationId] })]);

export const userRoles = sqliteTable('user_roles', {
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

/** System table: the menu tree, loaded from schemas/menus at start. */
export const menus = sqliteTable('menus', {
  menuKey: text('menu_key').primaryKey(),
  parentKey: text('parent_key'),
  title: text('title').notNull(),
  url: text('url'),
  icon: text('icon'),
  target: text('target'),
  menuType: text('menu_type'),
  moduleId: text('module_id'),
  level: integer('level').notNull(),
  sort: integer('sort').notNull(),
});

/** System table: every operation id a role can be granted. */
export const operations = sqliteTable('operations', {
  operationId: text('operation_id').primaryKey(),
  menuKey: text('menu_key').notNull(),
  operationName: text('operation_name').notNull(),
  route: text('route'),
  jsPath: text('js_path'),
  moduleName: text('module_name'),
  sideMenu: integer('side_menu').notNull().default(0),
  sort: integer('sort').notNull(),
});

/** A login's session. Only the SHA-256 of the token is kept: a copy of the database opens no session. */
export const sessions = sqliteTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  revokedAt: integer('revoked_at'),
}, (t) => [index('sessions_user').on(t.userId)]);

/**
 * A counter per in-memory cache that instances sharing the database keep (the resolved sessions):
 * a change bumps it, and every instance empties its copy when it sees the counter move.
 */
export const cacheVersions = sqliteTable('cache_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * Failed logins per key: 'a:<account>|<address>', 'a:<account>' or 'ip:<address>' (docs/security.md).
 * A row lives until expires_at; every failure sweeps expired rows, so guessed names leave nothing behind.
 */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: integer('first_failure_at').notNull(),
  blockedUntil: integer('blocked_until'),
  expiresAt: integer('expires_at').notNull(),
}, (t) => [index('login_throttle_expires').on(t.expiresAt)]);

/** Addresses a user signed in from successfully: the account throttle does not slow them. */
export const loginAddresses = sqliteTable('login_addresses', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  lastSuccessAt: integer('last_success_at').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.address] })]);

/**
 * Credentials of terminals and gateways that write track data and driver events. Issued per
 * corporation, shown once, kept as SHA-256, revocable; no console role carries one.
 */
export const terminalCredentials = sqliteTable('terminal_credentials', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  /** The first characters of the secret, so a person can tell credentials apart. */
  prefix: text('prefix').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: integer('created_at').notNull(),
  lastUsedAt: integer('last_used_at'),
  revokedAt: integer('revoked_at'),
}, (t) => [uniqueIndex('terminal_credentials_secret').on(t.secretHash)]);

/** One row per update or delete of a resource record: who, when, and the changed fields. */
export const recordHistory = sqliteTable('record_history', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  resource: text('resource').notNull(),
  recordId: integer('record_id').notNull(),
  action: text('action').notNull(),
  userId: integer('user_id').notNull(),
  userName: text('user_name').notNull(),
  changedAt: integer('changed_at').notNull(),
  /** JSON: [{field, before, after}] */
  changes: text('changes').notNull(),
  recordVersion: integer('record_version').notNull(),
}, (t) => [index('record_history_record').on(t.resource, t.recordId, t.changedAt)]);

/** Column / search settings: per user, or per corporation when userId is 0. */
export const fieldSettings = sqliteTable('field_settings', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull(),
  pageId: text('page_id').notNull(),
  kind: text('kind').notNull(),
  settings: text('settings').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('field_settings_key').on(t.corpId, t.userId, t.pageId, t.kind)]);

/**
 * The home dashboard's cards per user (dashboardRuleSet/*): JSON [{cardKey, show}] in the user's
 * order. Cards the user may not see are dropped when read; cards added later show by default.
 */
export const dashboardRuleSets = sqliteTable('dashboard_rule_sets', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  cards: text('cards').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Uploaded files: stored on disk under the files folder, served only to their corporation. */
export const files = sqliteTable('files', {
  id: text('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  fileName: text('file_name').notNull(),
  extension: text('extension').notNull(),
  size: integer('size').notNull(),
  businessTypeKey: text('business_type_key'),
  customerId: integer('customer_id'),
  uploadedBy: integer('uploaded_by').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [
  // The upload centre pages a corporation's files newest first, and a user's own (企业文件 / 我的文件).
  index('files_corp_time').on(t.corpId, t.createdAt),
  index('files_uploader_time').on(t.corpId, t.uploadedBy, t.createdAt),
]);
