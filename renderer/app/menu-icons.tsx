// The icons of the menu groups. A menu file names its icon (schemas/menus/*.json "icon", one of the
// names the menu meta-schema allows); this maps the name to a Fluent icon. A test checks that every
// allowed name has one here.
import type { FluentIcon } from '@fluentui/react-icons';
import {
  AlertRegular,
  BoxRegular,
  BuildingRegular,
  ChartMultipleRegular,
  ClipboardTaskListLtrRegular,
  DatabaseRegular,
  DocumentRegular,
  HomeRegular,
  KeyRegular,
  LocationRegular,
  MapRegular,
  MoneyRegular,
  PeopleRegular,
  SettingsRegular,
  TemperatureRegular,
  VehicleTruckProfileRegular,
} from '@fluentui/react-icons';

export const MENU_ICONS: Record<string, FluentIcon> = {
  alert: AlertRegular,
  box: BoxRegular,
  building: BuildingRegular,
  chart: ChartMultipleRegular,
  clipboard: ClipboardTaskListLtrRegular,
  database: DatabaseRegular,
  document: DocumentRegular,
  home: HomeRegular,
  key: KeyRegular,
  location: LocationRegular,
  map: MapRegular,
  money: MoneyRegular,
  people: PeopleRegular,
  settings: SettingsRegular,
  temperature: TemperatureRegular,
  truck: VehicleTruckProfileRegular,
};

/** The icon a menu names, or none (a name the console does not know draws no icon rather than a wrong one). */
export function menuIcon(name: string | null | undefined): FluentIcon | undefined {
  return name ? MENU_ICONS[name] : undefined;
}
