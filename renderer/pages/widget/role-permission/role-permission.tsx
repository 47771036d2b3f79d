// Role permission settings ('权限设置'): the menus with their operations as checkboxes for one role.
// Ticking a menu ticks every operation under it; a menu partly covered shows as mixed.
import { Button, Checkbox, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { LOADING_TEXT, PageError } from '../../page-host.tsx';
import type { PageRendererProps } from '../../page-types.ts';
import { idsToSave, operationsUnder, setTicked, tickState, type PermissionMenu } from './permission-tree.ts';

export const SAVED_TEXT = '保存成功';
export const ROLE_HEADING = '角色权限';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, minHeight: 0 },
  heading: { margin: 0 },
  toolbar: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3, marginLeft: 'auto' },
  tree: { listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto' },
  group: { listStyle: 'none', margin: 0, paddingLeft: '20px' },
  row: { display: 'flex', alignItems: 'center' },
  toggle: { minWidth: '24px', width: '24px' },
  spacer: { width: '24px', flexShrink: 0 },
  ops: { display: 'flex', flexWrap: 'wrap', paddingLeft: '44px', columnGap: tokens.spacingHorizontalS },
});

interface NodeProps {
  menu: PermissionMenu;
  covered: Map<string, string[]>;
  checked: Set<string>;
  expanded: Set<string>;
  onTick: (ids: string[], on: boolean) => void;
  onExpand: (key: string) => void;
}

function MenuNode({ menu, covered, checked, expanded, onTick, onExpand }: NodeProps) {
  const styles = useStyles();
  const ids = covered.get(menu.menuKey) ?? [];
  const children = menu.children ?? [];
  const open = expanded.has(menu.menuKey);
  return (
    <li>
      <div className={styles.row}>
        {children.length ? (
          <Button
            className={styles.toggle}
            size="small"
            appearance="transparent"
            aria-label={open ? `收起${menu.title}` : `展开${menu.title}`}
            icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
            onClick={() => onExpand(menu.menuKey)}
          />
        ) : (
          <span className={styles.spacer} />
        )}
        <Checkbox
          size="medium"
          label={menu.title}
          disabled={!ids.length}
          checked={ids.length ? tickState(ids, checked) : false}
          onChange={(_e, d) => onTick(ids, d.checked === true)}
        />
      </div>
      {!!menu.operationList?.length && (
        <div className={styles.ops} role="group" aria-label={`${menu.title}的操作`}>
          {menu.operationList.map((op) => (
            <Checkbox
              key={op.operationId}
              label={op.operationName}
              checked={checked.has(op.operationId)}
              onChange={(_e, d) => onTick([op.operationId], d.checked === true)}
            />
          ))}
        </div>
      )}
      {open && children.length > 0 && (
        <ul className={styles.group}>
          {children.map((c) => (
            <MenuNode key={c.menuKey} menu={c} covered={covered} checked={checked} expanded={expanded} onTick={onTick} onExpand={onExpand} />
          ))}
        </ul>
      )}
    </li>
  );
}

function coverage(tree: PermissionMenu[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const walk = (items: PermissionMenu[]) => {
    for (const m of items) {
      map.set(m.menuKey, operationsUnder([m]));
      walk(m.children ?? []);
    }
  };
  walk(tree);
  return map;
}

export function RolePermission({ page, env, context }: PageRendererProps) {
  const styles = useStyles();
  const [tree, setTree] = useState<PermissionMenu[] | null>(null);
  const [roleName, setRoleName] = useState('');
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const roleId = context.id;

  useEffect(() => {
    if (!roleId) return;
    let live = true;
    setTree(null);
    env.api
      .get<{ roleName?: string; checked: string[]; tree: PermissionMenu[] }>('/role/getOperationTree', { roleId }, { silent: true })
      .then((r) => {
        if (!live) return;
        setRoleName(r.roleName ?? '');
        const menus = r.tree ?? [];
        setTree(menus);
        setChecked(new Set(r.checked ?? []));
        // Everything open at first: a role's rights are read as a whole.
        setExpanded(new Set(coverage(menus).keys()));
      })
      .catch((err: Error) => live && setError(err.message));
    return () => {
      live = false;
    };
  }, [env, roleId]);

  const covered = useMemo(() => coverage(tree ?? []), [tree]);
  const all = useMemo(() => operationsUnder(tree ?? []), [tree]);

  if (!roleId) return <PageError title="缺少记录" detail={`页面 ${page.id} 需要角色 id`} />;
  if (error) return <PageError title="权限加载失败" detail={error} />;
  if (!tree) return <Spinner size="small" label={LOADING_TEXT} />;

  const tick = (ids: string[], on: boolean) => setChecked((old) => setTicked(old, ids, on));
  const expand = (key: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const save = async () => {
    setSaving(true);
    try {
      await env.api.post('/role/saveOperations', { roleId: Number(roleId), operationIds: idsToSave(tree, checked) });
      env.notify.success(SAVED_TEXT);
      context.onDone?.(true);
    } catch {
      // The client has already shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  const ticked = all.filter((id) => checked.has(id)).length;

  return (
    <div className={styles.root}>
      {/* Which role is being edited, also inside a dialog whose title names only the action. */}
      <Text as="h2" size={400} weight="semibold" className={styles.heading}>{roleName ? `${ROLE_HEADING}：${roleName}` : page.title}</Text>
      <div className={styles.toolbar}>
        <Button size="small" onClick={() => setChecked(setTicked(checked, all, true))}>全选</Button>
        <Button size="small" onClick={() => setChecked(setTicked(checked, all, false))}>清空</Button>
        <Button size="small" appearance="primary" disabled={saving} onClick={save}>保 存</Button>
        {context.onDone && <Button size="small" onClick={() => context.onDone?.(false)}>取 消</Button>}
        <Text size={200} className={styles.count}>已选 {ticked} / {all.length} 项</Text>
      </div>
      {tree.length ? (
        <ul className={styles.tree} aria-label="菜单权限">
          {tree.map((m) => (
            <MenuNode key={m.menuKey} menu={m} covered={covered} checked={checked} expanded={expanded} onTick={tick} onExpand={expand} />
          ))}
        </ul>
      ) : (
        <Text>暂无数据</Text>
      )}
    </div>
  );
}
