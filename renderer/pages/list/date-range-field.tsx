// A date range (from, to) in Chinese day pickers (YYYY-MM-DD) with the shortcut menu by day, month
// and year (今天, 最近7天, 本月, 过去3年...). Values are epoch ms: the start of the first day and the
// last millisecond of the last day, in Shanghai time.
import {
  Button,
  Menu,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { DateInput } from '../../fields/dates/date-input.tsx';
import { fromPickerDay, toPickerDay } from '../../fields/dates/shanghai-day.ts';
import { DAY_MS, SHORTCUT_GROUPS } from './date-shortcuts.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXXS },
  date: { width: '132px' },
  groups: { display: 'flex', flexDirection: 'row', alignItems: 'flex-start', columnGap: tokens.spacingHorizontalS },
  group: { minWidth: '96px' },
});

export type DateRangeValue = [number | null, number | null] | undefined;

export interface DateRangeFieldProps {
  label: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
}

export function DateRangeField({ label, value, onChange }: DateRangeFieldProps) {
  const styles = useStyles();
  const [from, to] = value ?? [null, null];
  const set = (next: [number | null, number | null]) => onChange(next[0] === null && next[1] === null ? undefined : next);
  // The shortcut menu is created on its first open: most searches never use it (list first render).
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuCreated, setMenuCreated] = useState(false);
  const shortcutButton = (
    <Button
      size="small"
      appearance="subtle"
      icon={<CalendarLtrRegular />}
      aria-label={`${label}快捷选择`}
      title="快捷选择"
      onClick={menuCreated ? undefined : () => (setMenuCreated(true), setMenuOpen(true))}
    />
  );
  return (
    <div className={styles.root}>
      <DateInput
        className={styles.date}
        aria-label={`${label}开始`}
        placeholder="开始日期"
        value={toPickerDay(from)}
        onChange={(d) => set([d ? fromPickerDay(d) : null, to])}
      />
      <span>至</span>
      <DateInput
        className={styles.date}
        aria-label={`${label}结束`}
        placeholder="结束日期"
        value={toPickerDay(to)}
        onChange={(d) => set([from, d ? fromPickerDay(d) + DAY_MS - 1 : null])}
      />
      {menuCreated ? (
        <Menu open={menuOpen} onOpenChange={(_e, d) => setMenuOpen(d.open)}>
          <MenuTrigger disableButtonEnhancement>{shortcutButton}</MenuTrigger>
          <MenuPopover>
            {/* Three columns side by side (day, month, year) fit under the search bar without scrolling. */}
            <MenuList className={styles.groups}>
              {SHORTCUT_GROUPS.map((g) => (
                <MenuGroup key={g.title} className={styles.group}>
                  <MenuGroupHeader>{g.title}</MenuGroupHeader>
                  {g.items.map((s) => (
                    <MenuItem key={s.label} onClick={() => onChange(s.range())}>
                      {s.label}
                    </MenuItem>
                  ))}
                </MenuGroup>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : (
        shortcutButton
      )}
    </div>
  );
}
