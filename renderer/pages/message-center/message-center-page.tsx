// /messageCenter: the user's messages, filtered by read state, each markable as read (issue 6 part 5).
import { Button, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { usePagedList } from '../list/paged-list.tsx';

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
  const state = usePagedList<Message>('/message/list', filter === 'all' ? {} : { isRead: Number(filter) });
  const { load } = state;
  const mark = (body: object) => env.api.post('/message/markRead', body).then(load).catch(() => undefined);

  return (
    <div>
      <Text as="h1" weight="semibold" size={400}>消息中心</Text>
      <TabList size="small" selectedValue={filter} onTabSelect={(_, d) => { setFilter(d.value as Filter); state.firstPage(); }}>
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
      {state.footer}
    </div>
  );
}
