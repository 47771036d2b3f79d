// /exportCenter: the user's export tasks with status, progress and download (issue 6 part 4).
import { Button, ProgressBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { usePagedList } from '../list/paged-list.tsx';
import { downloadExport } from './download-file.ts';

export interface ExportTask {
  id: number;
  fileName: string;
  status: 1 | 2 | 3;
  /** Status 3 shown as 排队中: waiting for a runner (the server runs a few exports at once). */
  queued?: boolean;
  statusName: string;
  progress: number;
  rowsDone: number;
  rowsTotal: number;
  failReason: string | null;
  createdAtStr: string;
  finishedAtStr: string;
}

/** While a task is generating or queued the list refreshes itself, so progress moves without a click. */
const REFRESH_MS = 3000;

export function ExportCenterPage({ download = downloadExport }: { download?: (id: number) => Promise<void> }) {
  const env = useEnv();
  const state = usePagedList<ExportTask>('/exportCenter/list');
  const { load } = state;
  const generating = state.data.some((t) => t.status === 3);
  useEffect(() => {
    if (!generating) return undefined;
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [generating, load]);

  return (
    <div>
      <Text as="h1" weight="semibold" size={400}>导出中心</Text>
      <Table size="small" aria-label="导出任务">
        <TableHeader>
          <TableRow>
            {['文件名', '状态', '进度', '创建时间', '完成时间', '操作'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {state.data.map((t) => (
            <TableRow key={t.id}>
              <TableCell>{t.fileName}</TableCell>
              <TableCell title={t.failReason ?? undefined}>{t.status === 2 && t.failReason ? `${t.statusName}（${t.failReason}）` : t.statusName}</TableCell>
              <TableCell>
                <ProgressBar value={t.progress / 100} aria-label={`进度 ${t.progress}%`} />
                {t.queued ? '等待开始' : t.status === 3 ? `${t.rowsDone}/${t.rowsTotal}` : `${t.progress}%`}
              </TableCell>
              <TableCell>{t.createdAtStr}</TableCell>
              <TableCell>{t.finishedAtStr}</TableCell>
              <TableCell>
                <Button size="small" appearance="transparent" disabled={t.status !== 1} onClick={() => download(t.id).catch((e: Error) => env.notify.error(e.message))}>
                  下载
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {state.footer}
    </div>
  );
}
