// 上传中心 (系统管理): the user's uploaded files (我的文件) and, with 企业文件, the corporation's, searched
// by name, type, uploader and time; images preview in the viewer, PDFs open in a new tab, 下载 saves
// the file; 删除 only where the server marks a row deletable (its own loose file; a file a record
// names never). Which tabs and buttons exist follows the page's actions, which the server has
// already cut to the user's operations (schemas/pages/system/upload-center.json).
import {
  Button, Dropdown, Input, Option, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ImageViewer, openPdf } from '../../../components/image-preview.tsx';
import { downloadAttachment } from '../../export-center/download-file.ts';
import { DateRangeField, type DateRangeValue } from '../../list/date-range-field.tsx';
import type { ConfirmRequest } from '../../list/confirm-dialog.tsx';
import { usePagedList } from '../../list/paged-list.tsx';
import type { PageRendererProps } from '../../page-types.ts';

const ConfirmDialog = lazy(() => import('../../list/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

export interface UploadedFileRow {
  id: string;
  fileName: string;
  fileKindStr: string;
  isImage: boolean;
  sizeStr: string;
  businessTypeStr: string;
  uploaderStr: string;
  createdAtStr: string;
  attachedStr: string;
  deletable: boolean;
  fileUrl: string;
}

type View = 'mine' | 'corp';
type SortField = 'createdAt' | 'fileName' | 'size';
interface Search {
  fileName: string;
  fileKind: '' | 'image' | 'pdf';
  uploader: string;
  createdAt: DateRangeValue;
}
const EMPTY: Search = { fileName: '', fileKind: '', uploader: '', createdAt: undefined };
const KIND_OPTIONS = [{ value: '', text: '全部' }, { value: 'image', text: '图片' }, { value: 'pdf', text: 'PDF文档' }] as const;
export const DELETED_TEXT = '删除成功';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  search: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  input: { width: '180px' },
  cond: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  name: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  sort: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXXS, cursor: 'pointer', background: 'none', border: 'none', padding: 0, font: 'inherit' },
  ops: { display: 'flex', columnGap: tokens.spacingHorizontalXS },
});

/** The list call's body: empty conditions are left out (the route refuses null). */
export function searchBody(view: View, s: Search, sort: { field: SortField; order: 'asc' | 'desc' } | null) {
  return {
    view,
    ...(s.fileName.trim() ? { fileName: s.fileName.trim() } : {}),
    ...(s.fileKind ? { fileKind: [s.fileKind] } : {}),
    ...(view === 'corp' && s.uploader.trim() ? { uploader: s.uploader.trim() } : {}),
    ...(s.createdAt ? { createdAt: s.createdAt } : {}),
    ...(sort ? { sorts: [sort] } : {}),
  };
}

export function UploadCenter({ page, env, context }: PageRendererProps) {
  const s = useStyles();
  const actions = new Set((page.actions ?? []).map((a) => a.id));
  const [view, setView] = useState<View>('mine');
  const [draft, setDraft] = useState<Search>(EMPTY);
  const [applied, setApplied] = useState<Search>(EMPTY);
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' } | null>(null);
  const body = useMemo(() => searchBody(view, applied, sort), [view, applied, sort]);
  const list = usePagedList<UploadedFileRow>('/uploadCenter/list', body);
  const [viewing, setViewing] = useState(-1);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const images = useMemo(() => list.data.filter((f) => f.isImage).map((f) => ({ src: f.fileUrl, name: f.fileName })), [list.data]);

  const apply = (next: Search) => {
    setApplied(next);
    list.firstPage();
  };
  const preview = (f: UploadedFileRow) => (f.isImage ? setViewing(images.findIndex((i) => i.src === f.fileUrl)) : openPdf(f.fileUrl));
  const download = (f: UploadedFileRow) => downloadAttachment(`/file/download/${f.id}?download=1`).catch((e: Error) => env.notify.error(e.message));
  const remove = (f: UploadedFileRow) =>
    setConfirm({
      text: `确定删除文件“${f.fileName}”吗？删除后不能恢复。`,
      onConfirm: () => {
        env.api.post('/uploadCenter/delete', { id: f.id }).then(() => {
          env.notify.success(DELETED_TEXT);
          list.load();
        }, () => undefined); // the client has shown the server's message
      },
    });
  const sortBy = (field: SortField) => setSort((cur) => (cur?.field !== field ? { field, order: 'desc' } : cur.order === 'desc' ? { field, order: 'asc' } : null));
  const sortHeader = (field: SortField, title: string) => (
    <button type="button" className={s.sort} onClick={() => sortBy(field)} aria-label={`按${title}排序`}>
      {title}
      {sort?.field === field && (sort.order === 'desc' ? <ArrowDownRegular /> : <ArrowUpRegular />)}
    </button>
  );

  return (
    <div className={s.root}>
      {!context.inDialog && <Text as="h1" weight="semibold" size={400}>{page.title}</Text>}
      <TabList selectedValue={view} onTabSelect={(_e, d) => { setView(d.value as View); list.firstPage(); }}>
        <Tab value="mine">我的文件</Tab>
        {actions.has('corpFiles') && <Tab value="corp">企业文件</Tab>}
      </TabList>
      <div className={s.search}>
        <div className={s.cond}>
          <Text>文件名称</Text>
          <Input className={s.input} size="small" aria-label="文件名称" maxLength={100} value={draft.fileName} placeholder="请输入文件名称" onChange={(_e, d) => setDraft({ ...draft, fileName: d.value })} />
        </div>
        <div className={s.cond}>
          <Text>类型</Text>
          <Dropdown
            size="small" style={{ minWidth: 120 }} aria-label="类型"
            value={KIND_OPTIONS.find((o) => o.value === draft.fileKind)!.text}
            selectedOptions={[draft.fileKind]}
            onOptionSelect={(_e, d) => setDraft({ ...draft, fileKind: (d.optionValue ?? '') as Search['fileKind'] })}
          >
            {KIND_OPTIONS.map((o) => <Option key={o.value} value={o.value}>{o.text}</Option>)}
          </Dropdown>
        </div>
        {view === 'corp' && (
          <div className={s.cond}>
          <Text>上传人</Text>
            <Input className={s.input} size="small" aria-label="上传人" maxLength={50} value={draft.uploader} placeholder="请输入账号或姓名" onChange={(_e, d) => setDraft({ ...draft, uploader: d.value })} />
          </div>
        )}
        <div className={s.cond}>
          <Text>上传时间</Text>
          <DateRangeField label="上传时间" value={draft.createdAt} onChange={(v) => setDraft({ ...draft, createdAt: v })} />
        </div>
        <Button size="small" appearance="primary" onClick={() => apply(draft)}>查 询</Button>
        <Button size="small" onClick={() => { setDraft(EMPTY); apply(EMPTY); }}>重 置</Button>
      </div>
      <Table size="small" aria-label="上传文件">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: '24%' }}>{sortHeader('fileName', '文件名称')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '7%' }}>类型</TableHeaderCell>
            <TableHeaderCell style={{ width: '8%' }}>{sortHeader('size', '大小')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '8%' }}>业务类型</TableHeaderCell>
            <TableHeaderCell style={{ width: '9%' }}>上传人</TableHeaderCell>
            <TableHeaderCell style={{ width: '13%' }}>{sortHeader('createdAt', '上传时间')}</TableHeaderCell>
            <TableHeaderCell style={{ width: '15%' }}>关联记录</TableHeaderCell>
            <TableHeaderCell style={{ width: '16%' }}>操作</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.map((f) => (
            <TableRow key={f.id}>
              <TableCell><span className={s.name} title={f.fileName}>{f.fileName}</span></TableCell>
              <TableCell>{f.fileKindStr}</TableCell>
              <TableCell>{f.sizeStr}</TableCell>
              <TableCell>{f.businessTypeStr}</TableCell>
              <TableCell>{f.uploaderStr}</TableCell>
              <TableCell>{f.createdAtStr}</TableCell>
              <TableCell className={f.attachedStr === '未关联' ? s.muted : undefined}>{f.attachedStr}</TableCell>
              <TableCell>
                <span className={s.ops}>
                  <Button size="small" appearance="transparent" onClick={() => preview(f)}>预览</Button>
                  <Button size="small" appearance="transparent" onClick={() => download(f)}>下载</Button>
                  {actions.has('delete') && f.deletable && <Button size="small" appearance="transparent" onClick={() => remove(f)}>删除</Button>}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.footer}
      <ImageViewer images={images} index={viewing} onClose={() => setViewing(-1)} onIndexChange={setViewing} />
      {confirm && (
        <Suspense fallback={null}>
          <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
        </Suspense>
      )}
    </div>
  );
}
