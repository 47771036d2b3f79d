// The vertical menu built from the server's menu tree. Real links (not click handlers) so that
// middle-click and "open in new tab" work; branches are disclosure buttons of any depth.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuItem } from '../env/api-types.ts';
import { hasChildren, linkOf, openKeysFor, sideMenuTree } from './menu-model.ts';
import { menuIcon } from './menu-icons.tsx';

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
  icon: { display: 'inline-flex', flexShrink: 0, marginRight: tokens.spacingHorizontalS, fontSize: '16px' },
  label: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  chevron: { transitionProperty: 'transform', transitionDuration: tokens.durationFast },
  chevronOpen: { transform: 'rotate(90deg)' },
});

/** Indent grows with depth so nested branches stay readable in a narrow column. */
// A level deeper lines up with the text of the group above (past its 16 px icon and gap).
const indent = (depth: number) => ({ paddingLeft: `${12 + depth * 24}px` });

interface NodeProps {
  item: MenuItem;
  depth: number;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

function MenuNode({ item, depth, open: openKeys, onToggle }: NodeProps) {
  const styles = useStyles();
  const open = openKeys.has(item.menuKey);
  const Icon = menuIcon(item.icon);
  const icon = Icon && <span aria-hidden className={styles.icon}><Icon /></span>;

  if (hasChildren(item)) {
    return (
      <li>
        <button
          type="button"
          className={styles.entry}
          style={indent(depth)}
          aria-expanded={open}
          onClick={() => onToggle(item.menuKey)}
        >
          {icon}
          <span className={styles.label}>{item.title}</span>
          <span aria-hidden className={mergeClasses(styles.chevron, open && styles.chevronOpen)}>›</span>
        </button>
        {open && <MenuList items={item.children ?? []} depth={depth + 1} open={openKeys} onToggle={onToggle} />}
      </li>
    );
  }

  const link = linkOf(item);
  const label = <>{icon}<span className={styles.label}>{item.title}</span></>;
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
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

function MenuList({ items, depth, open, onToggle }: ListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <MenuNode key={item.menuKey} item={item} depth={depth} open={open} onToggle={onToggle} />
      ))}
    </ul>
  );
}

export function AppMenu({ menus: tree }: { menus: readonly MenuItem[] }) {
  const menus = useMemo(() => sideMenuTree(tree), [tree]);
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(openKeysFor(menus, pathname)));
  // The menu follows the page on screen (a tag clicked, a link followed): the branches leading to it
  // open and its entry scrolls into view. Branches the user opened stay open.
  useEffect(() => {
    const keys = openKeysFor(menus, pathname);
    setOpen((old) => (keys.every((k) => old.has(k)) ? old : new Set([...old, ...keys])));
  }, [menus, pathname]);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname, open]);
  const toggle = (key: string) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <nav aria-label="主菜单" ref={nav}>
      <MenuList items={menus} depth={0} open={open} onToggle={toggle} />
    </nav>
  );
}
