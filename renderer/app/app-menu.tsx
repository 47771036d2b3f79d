// The vertical menu built from the server's menu tree. Real links (not click handlers) so that
// middle-click and "open in new tab" work; branches are disclosure buttons of any depth.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuItem } from '../env/api-types.ts';
import { hasChildren, linkOf, openKeysFor, sideMenuTree } from './menu-model.ts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  entry: {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    boxSizing: 'border-box',
    minHeight: '32px',
    paddingRight: tokens.spacingHorizontalM,
    border: 'none',
    background: 'none',
    color: tokens.colorNeutralForegroundInverted,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    textAlign: 'left',
    textDecorationLine: 'none',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackgroundInvertedHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  disabled: { cursor: 'default', color: tokens.colorNeutralForegroundInvertedDisabled },
  label: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  chevron: { transitionProperty: 'transform', transitionDuration: tokens.durationFast },
  chevronOpen: { transform: 'rotate(90deg)' },
});

/** Indent grows with depth so nested branches stay readable in a narrow column. */
const indent = (depth: number) => ({ paddingLeft: `${12 + depth * 16}px` });

function MenuNode({ item, depth, openKeys }: { item: MenuItem; depth: number; openKeys: readonly string[] }) {
  const styles = useStyles();
  const [open, setOpen] = useState(() => openKeys.includes(item.menuKey));

  if (hasChildren(item)) {
    return (
      <li>
        <button
          type="button"
          className={styles.entry}
          style={indent(depth)}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <span className={styles.label}>{item.title}</span>
          <span aria-hidden className={mergeClasses(styles.chevron, open && styles.chevronOpen)}>›</span>
        </button>
        {open && <MenuList items={item.children ?? []} depth={depth + 1} openKeys={openKeys} />}
      </li>
    );
  }

  const link = linkOf(item);
  const label = <span className={styles.label}>{item.title}</span>;
  if (link.kind === 'route') {
    return (
      <li>
        <NavLink
          to={link.to}
          style={indent(depth)}
          className={({ isActive }) => mergeClasses(styles.entry, isActive && styles.active)}
        >
          {label}
        </NavLink>
      </li>
    );
  }
  if (link.kind === 'href') {
    return (
      <li>
        <a
          href={link.href}
          className={styles.entry}
          style={indent(depth)}
          {...(link.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {label}
        </a>
      </li>
    );
  }
  // A menu with no page the user may open: shown so the tree matches the permission setup, but inert.
  return (
    <li>
      <span className={mergeClasses(styles.entry, styles.disabled)} style={indent(depth)} aria-disabled>
        {label}
      </span>
    </li>
  );
}

interface ListProps {
  items: readonly MenuItem[];
  depth: number;
  openKeys: readonly string[];
}

function MenuList({ items, depth, openKeys }: ListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <MenuNode key={item.menuKey} item={item} depth={depth} openKeys={openKeys} />
      ))}
    </ul>
  );
}

export function AppMenu({ menus: tree }: { menus: readonly MenuItem[] }) {
  const menus = useMemo(() => sideMenuTree(tree), [tree]);
  const { pathname } = useLocation();
  // Only the first render's path opens branches; later the user's own opening and closing wins.
  const [openKeys] = useState(() => openKeysFor(menus, pathname));
  return (
    <nav aria-label="主菜单">
      <MenuList items={menus} depth={0} openKeys={openKeys} />
    </nav>
  );
}
