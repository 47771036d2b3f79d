// /importCenter: the user's import tasks with status, progress, rows imported and refused, and the
// error report's download (issue 15 item 6). Refreshes itself while a task runs.
import { Button, ProgressBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { usePagedList } from '../list/paged-list.tsx';
import { downloadAttachment } from '../export-center/download-file.ts';

export interface ImportTask {
  id: number;
  fileName: string;
  resourceName: string;
  modeName: string;
  onDuplicateName: string;
  status: 1 | 2 | 3 | 4;
  queued?: boolean;
  statusName: string;
  progress: number;
  rowsTotal: number;
  rowsDone: number;
  rowsOk: number;
  rowsFailed: number;
  failReason: string | null;
  hasErrorReport: boolean;
  createdAtStr: string;
  finishedAtStr: string;
}

const REFRESH_MS = 2000;
export const downloadErrors = (id: number) => downloadAttachment(`/importCenter/errors/${id}`);

export function ImportCenterPage({ download = downloadErrors }: { download?: (id: number) => Promise<void> }) {
  const env = useEnv();
  const state = usePagedList<ImportTask>('/importCenter/list');
  const { load } = state;
  const running = state.data.some((t) => t.status === 3);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  return (
    <div>
      <Text as="h1" weight="semibold" size={400}>导入中心</Text>
      <Table size="small" aria-label="导入任务">
        <TableHeader>
          <TableRow>
            {['文件名', '数据类型', '导入方式', '重复数据', '状态', '进度', '成功行数', '失败行数', '创建时间', '完成时间', '操作'].map((h) => <TableHeaderCell key={h}>{h}</TableHeaderCell>)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {state.data.map((t) => (
            <TableRow key={t.id}>
              <TableCell>{t.fileName}</TableCell>
              <TableCell>{t.resourceName}</TableCell>
              <TableCell>{t.modeName}</TableCell>
              <TableCell>{t.onDuplicateName}</TableCell>
              <TableCell title={t.failReason ?? undefined}>{t.failReason ? `${t.statusName}（${t.failReason}）` : t.statusName}</TableCell>
              <TableCell>
                <ProgressBar value={t.progress / 100} aria-label={`进度 ${t.progress}%`} />
                {t.queued ? '等待开始' : `${t.rowsDone}/${t.rowsTotal}`}
              </TableCell>
              <TableCell>{t.rowsOk}</TableCell>
              <TableCell>{t.rowsFailed}</TableCell>
              <TableCell>{t.createdAtStr}</TableCell>
              <TableCell>{t.finishedAtStr}</TableCell>
              <TableCell>
                <Button size="small" appearance="transparent" disabled={!t.hasErrorReport} onClick={() => download(t.id).catch((e: Error) => env.notify.error(e.message))}>
                  下载错误报告
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
