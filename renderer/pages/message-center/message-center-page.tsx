// /messageCenter: the user's messages, filtered by read state, each markable as read (issue 6 part 5).
import { Button, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { PaginationBar } from '../list/pagination-bar.tsx';
import { DEFAULT_PAGE_SIZE } from '../list/list-types.ts';

export interface Message {
  id: number;
  title: string;
  content: string;
  link: string | null;
  isRead: 0 | 1;
  createdAtStr: string;
}

type Filter = 'all' | '0' | '1';

export function MessageCenterPage() {
  const env = useEnv();
  const [filter, setFilter] = useState<Filter>('0');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [state, setState] = useState<{ data: Message[]; totalRecords: number }>({ data: [], totalRecords: 0 });
  const load = useCallback(() => {
    const body = { curPage: page, pageSize, ...(filter === 'all' ? {} : { isRead: Number(filter) }) };
    env.api.post<{ data: Message[]; totalRecords: number }>('/message/list', body).then(setState).catch(() => undefined);
  }, [env, page, pageSize, filter]);
  useEffect(load, [load]);
  const mark = (body: object) => env.api.post('/message/markRead', body).then(load).catch(() => undefined);

  return (
    <div>
      <Text as="h1" weight="semibold" size={400}>消息中心</Text>
      <TabList size="small" selectedValue={filter} onTabSelect={(_, d) => { setFilter(d.value as Filter); setPage(1); }}>
        <Tab value="0">未读</Tab>
        <Tab value="1">已读</Tab>
        <Tab value="all">全部</Tab>
      </TabList>
      <Button size="small" onClick={() => mark({ all: true })}>全部标为已读</Button>
      <Table size="small" aria-label="消息">
        <TableHeader>
          <TableRow>{['标题', '内容', '时间', '状态', '操作'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}</TableRow>
        </TableHeader>
        <TableBody>
          {state.data.map((m) => (
            <TableRow key={m.id}>
              <TableCell>{m.title}</TableCell>
              <TableCell>{m.link ? <a href={m.link} onClick={(e) => { e.preventDefault(); env.navigate(m.link!); }}>{m.content}</a> : m.content}</TableCell>
              <TableCell>{m.createdAtStr}</TableCell>
              <TableCell>{m.isRead ? '已读' : '未读'}</TableCell>
              <TableCell>
                {!m.isRead && <Button size="small" appearance="transparent" onClick={() => mark({ ids: [m.id] })}>标为已读</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {state.data.length === 0 && <Text>暂无数据</Text>}
      <PaginationBar total={state.totalRecords} curPage={page} pageSize={pageSize} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
    </div>
  );
}
