// Base-data lookups of spec section 7 that the console's pickers call: drivers, carrier, deliverymen
// and equipment of a vehicle, vehicle labels and the department trees with their vehicles or users,
// user lists, car models and the equipment types. Read-only. Every query is scoped the way the
// resource engine scopes the same table (resources/scope.ts on the resource file): the caller's
// corporation, live rows only, and for customer (1) and carrier (2) users only what the resource's
// `scope` gives their type. A record the caller may not see answers like a missing one: an empty
// list or null, never an error that would tell the two apart. Access per route: docs/api.md
// "Base data lookups".
import type { Conn } from '../db/connection.ts';
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import type { Registry, ResourceFile } from '../registry/types.ts';
import { organizationTree } from '../domain/users/roles.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { DEFAULT_PAGE_SIZE, pagingProperties } from '../resources/input-schemas.ts';
import { likePattern, searchText } from '../resources/like.ts';
import { selectList } from '../resources/query.ts';
import { ident } from '../resources/naming.ts';
import { scopeWhere, type Where } from '../resources/scope.ts';
import { all, one } from '../resources/statements.ts';

// ---------- who may call what (each: the operations of the pages that show the picker) ----------

/** Pickers that choose a driver or show the carrier for a chosen vehicle: the vehicle and driver pages and every 派车 / 指派司机 dialog. */
const VEHICLE_DISPATCH = ['vehicle3', 'vehicleDetail3', 'driver3', 'orderAssignVehicle3', 'waybillAssignVehicle3', 'waybillAssignDriver3', 'waybillAdd3', 'waybillUpdate3', 'orderStowage3', 'waybillTransfer3'];
/** A vehicle's carrier: the dispatch pickers above and the carrier pages. */
const VEHICLE_CARRIER = [...VEHICLE_DISPATCH, 'carrier3', 'carrierDetail3'];
/** The department → vehicle tree: the vehicle list and the track playback page (车辆监控). */
const VEHICLE_TREE = ['vehicle3', 'waybillTrack3'];
/** Vehicle labels: every page with a vehicle filter or picker (vehicles, waybills, track playback, alarms, dispatch, stowage). */
const VEHICLE_LABELS = ['vehicle3', 'waybill3', 'waybillTrack3', 'BusinessAlarmReport3', 'orderAssignVehicle3', 'waybillAssignVehicle3', 'orderStowage3'];
/** Department trees with users: user and department management, and the 分配 dialogs of orders and waybills. */
const USER_TREE = ['user3', 'department3', 'orderDistribution3', 'waybillAssignDepartment3'];
/** Salesmen: the order pages (list filter, add and edit forms) and user management. */
const SALESMEN = ['order3', 'orderAdd3', 'orderUpdate3', 'user3'];
/** Users of one type: user management (list, add, edit). */
const USERS_BY_TYPE = ['user3', 'userAdd3', 'userUpdate3'];
/** The caller's department's users: the order and waybill lists (本部门 filters) and user management. */
const SUB_USERS = ['order3', 'waybill3', 'user3'];
/** A vehicle's delivery men: the 配送员 pages and the 派车 dialogs. */
const VEHICLE_DELIVERIES = ['delivery3', 'deliveryAdd3', 'deliveryUpdate3', 'orderAssignVehicle3', 'waybillAssignVehicle3', 'waybillAssignDriver3'];
/** A vehicle's equipment: the 设备 pages and the vehicle pages. */
const VEHICLE_EQUIPS = ['equip3', 'equipAdd3', 'equipUpdate3', 'vehicle3', 'vehicleDetail3'];
/** Car models as options: car model and vehicle forms, and stowage (a task may name a car model). */
const CAR_MODEL_OPTIONS = ['carModel3', 'carModelAdd3', 'carModelUpdate3', 'vehicle3', 'vehicleAdd3', 'vehicleUpdate3', 'orderStowage3'];

/** Every operation id the routes of this file declare (tests check each is a real operation). */
export const LOOKUP_OPERATIONS = [...new Set([
  ...VEHICLE_CARRIER, ...VEHICLE_TREE, ...VEHICLE_LABELS, ...USER_TREE, ...SALESMEN, ...USERS_BY_TYPE, ...SUB_USERS, ...VEHICLE_DELIVERIES, ...VEHICLE_EQUIPS, ...CAR_MODEL_OPTIONS,
])];

// ---------- inputs ----------

/** GET inputs arrive as text: a positive whole number, so '-1', '0', '1.5' and 'abc' are code 100 naming the field. */
const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$', errorMessage: { pattern: '请输入正整数' } });
/** Closed objects: an unknown field is code 100 naming it. */
const closed = (required: string[], properties: Record<string, object>) => ({ type: 'object', additionalProperties: false, required, properties });
const NO_QUERY = closed([], {});
const VEHICLE_QUERY = closed(['vehicleId'], { vehicleId: idText('车辆ID') });
const CAR_QUERY = closed(['carId'], { carId: idText('车辆ID') });
const USER_TYPE_QUERY = closed(['userType'], { userType: { title: '用户类型', type: 'string', enum: ['0', '1', '2'] } });
const PAGING = pagingProperties([]);
const VEHICLE_LABEL_BODY = closed([], {
  curPage: PAGING.curPage,
  pageSize: PAGING.pageSize,
  vehicleNo: searchText('车牌号', 20),
  id: { title: '车辆ID', type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
});

interface VehicleLabelInput {
  curPage?: number;
  pageSize?: number;
  vehicleNo?: string;
  id?: number;
}

// ---------- trees ----------

type OrgRow = Awaited<ReturnType<typeof organizationTree>>[number];
interface Leaf {
  key: string;
  nodeType: 'vehicle' | 'user';
  id: number;
  label: string;
  children: [];
  [field: string]: unknown;
}
interface OrgNode {
  key: string;
  nodeType: 'org';
  id: number | null;
  parentId: number | null;
  orgName: string;
  orgCode: string | null;
  label: string;
  children: (OrgNode | Leaf)[];
}

/** Name of the node that holds the leaves no live department of the tree owns. */
export const UNASSIGNED_ORG = '未分配部门';

/**
 * The department tree of e6Organization/findOrganizationTree (organizationTree, reused as it is) with
 * leaves hung under their department: each department's sub-departments first, then its leaves. A
 * leaf whose department is not in the tree (none, deleted, another corporation's) goes under one last
 * node, 未分配部门, present only when it holds something.
 */
function withLeaves(roots: OrgRow[], leaves: Leaf[], orgOf: (leaf: Leaf) => number | null): OrgNode[] {
  const inTree = new Set<number>();
  const collect = (nodes: OrgRow[]) => nodes.forEach((n) => (inTree.add(n.id), collect(n.children)));
  collect(roots);
  const byOrg = new Map<number, Leaf[]>();
  const unassigned: Leaf[] = [];
  for (const leaf of leaves) {
    const org = orgOf(leaf);
    if (org !== null && inTree.has(org)) byOrg.set(org, [...(byOrg.get(org) ?? []), leaf]);
    else unassigned.push(leaf);
  }
  const convert = (nodes: OrgRow[]): OrgNode[] =>
    nodes.map((n) => ({
      key: `org-${n.id}`, nodeType: 'org', id: n.id, parentId: n.parentId, orgName: n.orgName, orgCode: n.orgCode, label: n.orgName,
      children: [...convert(n.children), ...(byOrg.get(n.id) ?? [])],
    }));
  const tree = convert(roots);
  if (unassigned.length) {
    tree.push({ key: 'org-none', nodeType: 'org', id: null, parentId: null, orgName: UNASSIGNED_ORG, orgCode: null, label: UNASSIGNED_ORG, children: unassigned });
  }
  return tree;
}

/** The ids of department `orgId` and of every department below it, from the tree (empty when it is not in it). */
function subtreeIds(roots: OrgRow[], orgId: number): Set<number> {
  const ids = new Set<number>();
  const add = (n: OrgRow) => (ids.add(n.id), n.children.forEach(add));
  const find = (nodes: OrgRow[]): OrgRow | undefined => {
    for (const n of nodes) {
      if (n.id === orgId) return n;
      const below = find(n.children);
      if (below) return below;
    }
    return undefined;
  };
  const top = find(roots);
  if (top) add(top);
  return ids;
}

// ---------- the routes ----------

const and = (w: Where) => w.sql.join(' AND ');

interface UserRow {
  id: number;
  userName: string;
  realName: string;
  mobile: string | null;
  userType: number;
  orgId: number | null;
  orgName: string | null;
  partnerId: number | null;
  partnerName: string | null;
}

export function lookupRoutes(conn: Conn, registry: () => Registry) {
  const engine = new ResourceEngine(conn, registry);
  const resource = (id: string): ResourceFile => {
    const res = registry().resources.get(id);
    if (!res) throw failure(`资源不存在: ${id}`);
    return res;
  };

  /** The vehicle as the user may see it (the vehicle resource's scope), or undefined. */
  const visibleVehicle = (user: SessionUser, id: number) => {
    const w = scopeWhere(resource('vehicle'), user, 'v');
    return one<{ id: number; carrierId: number | null; driverId: number | null }>(conn,
      `SELECT v.id, v.carrier_id AS carrierId, v.driver_id AS driverId FROM vehicles v WHERE ${and(w)} AND v.id = ?`, ...w.params, id);
  };

  /**
   * Rows of resource `id` that point at vehicle `vehicleId` through `field`, read as that resource's
   * list reads them (same columns, reference names and ...Str times), only when the user may see both
   * the rows (their resource's scope) and the vehicle (the vehicle's).
   */
  const rowsOfVehicle = async (user: SessionUser, id: string, field: string, vehicleId: number, orderBy: string) => {
    const res = resource(id);
    const { columns, joins } = selectList(registry(), res);
    const w = scopeWhere(res, user, 't');
    const v = scopeWhere(resource('vehicle'), user, 'v');
    const rows = await all<Record<string, unknown>>(conn,
      `SELECT ${columns} FROM ${ident(res.table)} t JOIN vehicles v ON v.id = t.${ident(field)} ${joins}
        WHERE ${and(w)} AND ${and(v)} AND t.${ident(field)} = ? ORDER BY ${orderBy}, t.id`, ...w.params, ...v.params, vehicleId);
    return engine.decorate(res, rows);
  };

  /** Live, enabled accounts of the corporation the user resource lets the caller see; `where` narrows them. */
  const users = (user: SessionUser, where: string[] = [], params: unknown[] = []) => {
    const w = scopeWhere(resource('user'), user, 'u');
    return all<UserRow>(conn,
      `SELECT u.id, u.user_name AS userName, u.real_name AS realName, u.mobile, u.user_type AS userType, u.org_id AS orgId, d.org_name AS orgName,
              u.partner_id AS partnerId, CASE u.user_type WHEN 1 THEN cu.customer_name WHEN 2 THEN ca.carrier_name END AS partnerName
         FROM users u
         LEFT JOIN departments d ON d.id = u.org_id AND d.corp_id = u.corp_id AND d.is_deleted = 0
         LEFT JOIN customers cu ON u.user_type = 1 AND cu.id = u.partner_id AND cu.corp_id = u.corp_id
         LEFT JOIN carriers ca ON u.user_type = 2 AND ca.id = u.partner_id AND ca.corp_id = u.corp_id
        WHERE ${[...w.sql, 'u.enabled = 1', ...where].join(' AND ')}
        ORDER BY u.real_name, u.id`, ...w.params, ...params);
  };
  /** Staff accounts (user type 0): the people departments are made of. */
  const staff = (user: SessionUser) => users(user, ['u.user_type = 0']);

  const userTree = async (user: SessionUser) => {
    const leaves: Leaf[] = (await staff(user)).map((u) => ({
      key: `user-${u.id}`, nodeType: 'user', id: u.id, label: u.realName, userName: u.userName, realName: u.realName, mobile: u.mobile, orgId: u.orgId, children: [],
    }));
    return withLeaves(await organizationTree(conn, user), leaves, (l) => l.orgId as number | null);
  };

  return [
    // ----- vehicles -----
    route<{ vehicleId: string }>({
      method: 'GET', path: '/vehicleInfo/getDriversByVehicleId', access: { anyOf: VEHICLE_DISPATCH }, input: VEHICLE_QUERY,
      // The drivers of the vehicle's carrier and the driver bound to the vehicle (vehicles.driver_id),
      // that one first with bound 1; each as the driver list gives it.
      handler: async ({ user, body }) => {
        const vehicle = await visibleVehicle(user, Number(body.vehicleId));
        if (!vehicle) return [];
        const res = resource('driver');
        const { columns, joins } = selectList(registry(), res);
        const w = scopeWhere(res, user, 't');
        const rows = await all<Record<string, unknown>>(conn,
          `SELECT ${columns}, CASE WHEN t.id = ? THEN 1 ELSE 0 END AS bound FROM drivers t ${joins}
            WHERE ${and(w)} AND (t.carrier_id = ? OR t.id = ?) ORDER BY bound DESC, t.driver_name, t.id`,
          vehicle.driverId, ...w.params, vehicle.carrierId, vehicle.driverId);
        return engine.decorate(res, rows);
      },
    }),
    route<{ vehicleId: string }>({
      method: 'GET', path: '/vehicleInfo/queryCarrierByVehicleId', access: { anyOf: VEHICLE_CARRIER }, input: VEHICLE_QUERY,
      handler: async ({ user, body }) => {
        const res = resource('carrier');
        const { columns, joins } = selectList(registry(), res);
        const w = scopeWhere(res, user, 't');
        const v = scopeWhere(resource('vehicle'), user, 'v');
        const row = await one<Record<string, unknown>>(conn,
          `SELECT ${columns} FROM vehicles v JOIN carriers t ON t.id = v.carrier_id ${joins} WHERE ${and(v)} AND ${and(w)} AND v.id = ?`,
          ...v.params, ...w.params, Number(body.vehicleId));
        return row ? engine.decorate(res, [row])[0] : null;
      },
    }),
    route({
      method: 'GET', path: '/vehicleInfo/getOrgVehicleTree', access: { anyOf: VEHICLE_TREE }, input: NO_QUERY,
      // Vehicles carry no department (vehicles has carrier_id, no org_id): every vehicle hangs under 未分配部门.
      handler: async ({ user }) => {
        const w = scopeWhere(resource('vehicle'), user, 'v');
        const rows = await all<{ id: number; vehicleNo: string; carrierId: number | null; carrierName: string | null; status: number }>(conn,
          `SELECT v.id, v.vehicle_no AS vehicleNo, v.carrier_id AS carrierId, c.carrier_name AS carrierName, v.status
             FROM vehicles v LEFT JOIN carriers c ON c.id = v.carrier_id WHERE ${and(w)} ORDER BY v.vehicle_no, v.id`, ...w.params);
        const leaves: Leaf[] = rows.map((r) => ({ key: `vehicle-${r.id}`, nodeType: 'vehicle', label: r.vehicleNo, ...r, children: [] }));
        return withLeaves(await organizationTree(conn, user), leaves, () => null);
      },
    }),
    route<VehicleLabelInput>({
      method: 'POST', path: '/vehicleInfo/findAllVehicleLabel', access: { anyOf: VEHICLE_LABELS }, input: VEHICLE_LABEL_BODY,
      handler: async ({ user, body }) => {
        const curPage = body.curPage ?? 1;
        const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
        const w = scopeWhere(resource('vehicle'), user, 'v');
        if (body.vehicleNo) (w.sql.push(`v.vehicle_no LIKE ? ESCAPE '\\'`), w.params.push(likePattern(body.vehicleNo, '车牌号')));
        if (body.id !== undefined) (w.sql.push('v.id = ?'), w.params.push(body.id));
        const rows = await all<{ id: number; vehicleNo: string }>(conn,
          `SELECT v.id, v.vehicle_no AS vehicleNo FROM vehicles v WHERE ${and(w)} ORDER BY v.vehicle_no, v.id LIMIT ? OFFSET ?`, ...w.params, pageSize, (curPage - 1) * pageSize);
        const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM vehicles v WHERE ${and(w)}`, ...w.params))!;
        return { data: rows.map((r) => ({ id: r.id, label: r.vehicleNo, vehicleNo: r.vehicleNo })), totalRecords: n, curPage, pageSize };
      },
    }),

    // ----- departments and users -----
    route({
      method: 'GET', path: '/e6Organization/findOrganizationUserTree', access: { anyOf: USER_TREE }, input: NO_QUERY,
      handler: ({ user }) => userTree(user),
    }),
    route({
      method: 'GET', path: '/user/getUserTree', access: { anyOf: USER_TREE }, input: NO_QUERY,
      handler: ({ user }) => userTree(user),
    }),
    route({
      // The same catalogue as findOrganizationTree (any session): every live department of the corporation.
      method: 'GET', path: '/e6Organization/findAllOrgTree', access: { session: true }, input: NO_QUERY,
      handler: ({ user }) => organizationTree(conn, user),
    }),
    route({
      method: 'GET', path: '/user/findAllSalesmanList', access: { anyOf: SALESMEN }, input: NO_QUERY,
      // Salesmen are the corporation's own staff: enabled accounts of user type 0.
      handler: ({ user }) => staff(user),
    }),
    route<{ userType: string }>({
      method: 'GET', path: '/user/getListByUserType', access: { anyOf: USERS_BY_TYPE }, input: USER_TYPE_QUERY,
      handler: ({ user, body }) => users(user, ['u.user_type = ?'], [Number(body.userType)]),
    }),
    route({
      method: 'POST', path: '/user/getSubUserList', access: { anyOf: SUB_USERS }, input: NO_QUERY,
      handler: async ({ user }) => {
        if (user.orgId === null) return [];
        const ids = subtreeIds(await organizationTree(conn, user), user.orgId);
        return (await staff(user)).filter((u) => u.orgId !== null && ids.has(u.orgId));
      },
    }),

    // ----- delivery men, equipment, car models -----
    route<{ vehicleId: string }>({
      method: 'GET', path: '/delivery/findDeliveriesByVehicleId', access: { anyOf: VEHICLE_DELIVERIES }, input: VEHICLE_QUERY,
      handler: ({ user, body }) => rowsOfVehicle(user, 'delivery', 'vehicle_id', Number(body.vehicleId), 't.delivery_name'),
    }),
    route<{ carId: string }>({
      method: 'GET', path: '/equip/findEquipByCarId', access: { anyOf: VEHICLE_EQUIPS }, input: CAR_QUERY,
      handler: ({ user, body }) => rowsOfVehicle(user, 'equip', 'vehicle_id', Number(body.carId), 't.equip_no'),
    }),
    route({
      // A shipped catalogue, the same items as baseDictionary/findByDicTypeKey?dicTypeKey=equipType (any session).
      method: 'GET', path: '/equip/findEquipTypeList', access: { session: true }, input: NO_QUERY,
      handler: () => {
        const dict = registry().dictionaries.get('equipType');
        if (!dict) throw failure('字典不存在: equipType');
        return dict.items.map(({ id, label, disabled }) => ({ id, label, disabled: Boolean(disabled) }));
      },
    }),
    route({
      method: 'GET', path: '/carModel/getSelectDropBox', access: { anyOf: CAR_MODEL_OPTIONS }, input: NO_QUERY,
      handler: ({ user }) => {
        const w = scopeWhere(resource('carModel'), user, 't');
        return all<{ id: number; label: string }>(conn, `SELECT t.id, t.model_name AS label FROM car_models t WHERE ${and(w)} ORDER BY t.model_name, t.id`, ...w.params);
      },
    }),
  ];
}
