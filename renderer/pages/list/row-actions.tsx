// A row's actions in the 操作 column: only those the record's state allows (row-rules.ts), at most
// three as links in the page's declared order, the rest under 更多 (a Fluent menu), so the column
// stays narrow and every row reads the same way.
import { Link, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import type { Action } from '../page-types.ts';
import type { Row } from './list-types.ts';
import { actionAvailable, ROW_LINKS, rowActionLayout } from './row-rules.ts';

export const MORE_LABEL = '更多';

const useStyles = makeStyles({
  actions: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  more: { display: 'inline-flex', alignItems: 'center', columnGap: '2px' },
});

export function RowActions({ actions, row, onAction }: { actions: Action[]; row: Row; onAction: (action: Action, row: Row) => void }) {
  const styles = useStyles();
  const { links, more } = rowActionLayout(actions, row);
  return (
    <span className={styles.actions}>
      {links.map((a) => (
        <Link key={a.id} as="button" onClick={() => onAction(a, row)}>
          {a.label ?? a.id}
        </Link>
      ))}
      {more.length > 0 && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Link as="button" className={styles.more} aria-haspopup="menu">
              {MORE_LABEL}
              <ChevronDownRegular aria-hidden />
            </Link>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {more.map((a) => (
                <MenuItem key={a.id} onClick={() => onAction(a, row)}>
                  {a.label ?? a.id}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </span>
  );
}

const CHAR = 13;
const GAP = 12;
const PADDING = 16;
/** 更多 with its chevron. */
const MORE_WIDTH = MORE_LABEL.length * CHAR + 14 + GAP;
const labelsWidth = (actions: Action[]) => actions.reduce((w, a) => w + (a.label ?? a.id).length * CHAR + GAP, 0);

/** The row states worth measuring: every combination of the values the gates name, plus a row matching none. */
function sampleRows(actions: Action[]): Row[] {
  const values = new Map<string, Set<unknown>>();
  for (const gate of actions.flatMap((a) => a.availableWhen ?? [])) {
    for (const [field, list] of Object.entries(gate)) list.forEach((v) => (values.get(field) ?? values.set(field, new Set()).get(field)!).add(v));
  }
  let rows: Row[] = [{}];
  for (const [field, set] of values) {
    const next = rows.flatMap((r) => [...set, undefined].map((v) => ({ ...r, [field]: v })));
    // Beyond a few thousand states the first ones stand for the rest (no page comes near).
    rows = next.slice(0, 5000);
  }
  return rows;
}

/**
 * Wide enough for what the busiest row shows (about 13 px per Chinese character plus gaps): at most
 * three links and 更多, measured over the states the gates name, never every declared action.
 */
export function actionsWidth(actions: Action[]): number {
  const widest = sampleRows(actions).reduce((w, row) => {
    const offered = actions.filter((a) => actionAvailable(a, row));
    const links = labelsWidth(offered.slice(0, ROW_LINKS)) + (offered.length > ROW_LINKS ? MORE_WIDTH : 0);
    return Math.max(w, links);
  }, 0);
  return widest + PADDING;
}
