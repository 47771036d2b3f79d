// A date range (from, to) with the shortcut menu (今天, 最近7天, 本月...). Values are epoch ms:
// the start of the first day and the last millisecond of the last day, in Shanghai time.
import { Button, Input, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { DATE_SHORTCUTS, DAY_MS, fromDateText, toDateText } from './date-shortcuts.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXXS },
  date: { width: '130px' },
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
      <Input
        size="small"
        type="date"
        className={styles.date}
        aria-label={`${label}开始`}
        value={toDateText(from)}
        onChange={(_e, d) => set([fromDateText(d.value), to])}
      />
      <span>至</span>
      <Input
        size="small"
        type="date"
        className={styles.date}
        aria-label={`${label}结束`}
        value={toDateText(to)}
        onChange={(_e, d) => {
          const day = fromDateText(d.value);
          set([from, day === null ? null : day + DAY_MS - 1]);
        }}
      />
      {menuCreated ? (
        <Menu open={menuOpen} onOpenChange={(_e, d) => setMenuOpen(d.open)}>
          <MenuTrigger disableButtonEnhancement>{shortcutButton}</MenuTrigger>
          <MenuPopover>
            <MenuList>
              {DATE_SHORTCUTS.map((s) => (
                <MenuItem key={s.label} onClick={() => onChange(s.range())}>
                  {s.label}
                </MenuItem>
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
