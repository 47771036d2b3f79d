// The answers of the dashboard's calls (docs/api.md "Home dashboard"), as the home page reads them.

export interface StatusCount {
  status: number;
  statusStr: string;
  count: number;
}

export interface LineCounts {
  businessLine: string;
  businessLineName: string;
  total: number;
  byStatus: StatusCount[];
}

export interface TodayCounts {
  total: number;
  byStatus: StatusCount[];
  byLine: LineCounts[];
}

export interface DoBusi {
  day: string;
  /** Today's creation period [from, to] (epoch ms): the lists' filter that reproduces each count. */
  createdAt: [number, number];
  orders?: TodayCounts;
  waybills?: TodayCounts;
  onTime?: { days: number; onTime: number; late: number; rate: number | null };
  alarms?: { total: number; byType: { alarmType: number; alarmTypeName: string; count: number }[] };
  vehicles?: { total: number; online: number; onlineMinutes: number };
}

export interface BusinessVolume {
  days: number;
  dates: string[];
  lines: { businessLine: string; businessLineName: string; counts: number[]; total: number }[];
  total: number;
}

export interface DeliveringAmount {
  businessLine: string;
  businessLineName: string;
  inTransit: number;
  open: number;
  byStatus: StatusCount[];
}

export interface TransitMap {
  total: number;
  truncated: boolean;
  unplaced: number;
  data: {
    waybillId: number;
    waybillNo: string;
    vehicleNo: string | null;
    driverName: string | null;
    startAreaName: string | null;
    endAreaName: string | null;
    lon: number;
    lat: number;
    speed: number | null;
    gpsTimeStr: string;
    online: boolean;
  }[];
}

export interface CardRule {
  cardKey: string;
  title: string;
  show: boolean;
  sort: number;
}

export interface RuleSet {
  userId: number;
  customized: boolean;
  cards: CardRule[];
}
