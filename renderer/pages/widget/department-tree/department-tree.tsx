// 组织架构: the departments as the tree they form through 上级部门, every branch open, each node with
// its code. The list beside it is flat and paged; this is where the hierarchy is read.
import { Spinner, Text, Tree, TreeItem, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { LOADING_TEXT, PageError } from '../../page-host.tsx';
import type { PageRendererProps } from '../../page-types.ts';

export interface DepartmentNode {
  id: number;
  orgName: string;
  orgCode: string;
  children: DepartmentNode[];
}

export const TREE_LABEL = '部门树';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minHeight: 0, maxHeight: '70vh', overflowY: 'auto' },
  code: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
  count: { color: tokens.colorNeutralForeground3 },
});

function count(nodes: DepartmentNode[]): number {
  return nodes.reduce((n, d) => n + 1 + count(d.children), 0);
}

function Node({ node }: { node: DepartmentNode }) {
  const styles = useStyles();
  const branch = node.children.length > 0;
  return (
    <TreeItem itemType={branch ? 'branch' : 'leaf'} value={node.id} aria-label={node.orgName}>
      <TreeItemLayout>
        {node.orgName}
        <span className={styles.code}>{node.orgCode}</span>
      </TreeItemLayout>
      {branch && (
        <Tree>
          {node.children.map((c) => <Node key={c.id} node={c} />)}
        </Tree>
      )}
    </TreeItem>
  );
}

function branchIds(nodes: DepartmentNode[]): number[] {
  return nodes.flatMap((n) => (n.children.length ? [n.id, ...branchIds(n.children)] : []));
}

export function DepartmentTree({ page, env, context }: PageRendererProps) {
  const styles = useStyles();
  const [tree, setTree] = useState<DepartmentNode[] | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    env.api
      .get<DepartmentNode[]>('/e6Organization/findOrganizationTree', {}, { silent: true })
      .then((r) => live && setTree(r ?? []))
      .catch((err: Error) => live && setError(err.message));
    return () => {
      live = false;
    };
  }, [env]);

  if (error) return <PageError title="部门加载失败" detail={error} />;
  if (!tree) return <Spinner size="small" label={LOADING_TEXT} />;
  return (
    <div className={styles.root}>
      {!context.dialogTitled && <Text as="h2" size={400} weight="semibold">{page.title}</Text>}
      <Text size={200} className={styles.count}>共 {count(tree)} 个部门</Text>
      {tree.length ? (
        // Every branch open at first: the whole organisation is read at a glance.
        <Tree aria-label={TREE_LABEL} defaultOpenItems={branchIds(tree)}>
          {tree.map((n) => <Node key={n.id} node={n} />)}
        </Tree>
      ) : (
        <Text>暂无数据</Text>
      )}
    </div>
  );
}
