// The column and search settings dialog (spec section 2): loads the user's settings of a page,
// lets them be changed, and saves them (tms/field/setColumn, setSearch). Saving with no shown
// column is refused here with '不能全部隐藏', and the server's own refusal is shown the same way.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { ColumnListsEditor } from './column-lists.tsx';
import { SearchChecklist } from './search-checklist.tsx';
import {
  ALL_HIDDEN_MESSAGE,
  columnPayload,
  searchPayload,
  splitColumns,
  type ColumnLists,
  type FieldSetting,
  SETTINGS_TITLES,
  dialogWidthOf,
  type SavedSettings,
  type SettingsMode,
} from './settings-model.ts';

export { SETTINGS_TITLES, dialogWidthOf, type SavedSettings, type SettingsMode };

export interface ColumnSettingsDialogProps {
  env: Env;
  pageId: string;
  mode: SettingsMode;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: SavedSettings) => void;
}

export function ColumnSettingsDialog({ env, pageId, mode, open, onClose, onSaved }: ColumnSettingsDialogProps) {
  const [tab, setTab] = useState<'column' | 'search'>(mode === 'search' ? 'search' : 'column');
  const [columns, setColumns] = useState<ColumnLists | null>(null);
  const [searches, setSearches] = useState<FieldSetting[] | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const withColumns = mode !== 'search';
  const withSearch = mode !== 'column';

  useEffect(() => {
    if (!open) return;
    let live = true;
    setError('');
    setColumns(null);
    setSearches(null);
    setTab(mode === 'search' ? 'search' : 'column');
    const id = encodeURI(pageId);
    const fail = (err: Error) => live && setError(err.message);
    if (withColumns) env.api.get<FieldSetting[]>(`/tms/field/getColumn/${id}`, undefined, { silent: true }).then((s) => live && setColumns(splitColumns(s ?? [])), fail);
    if (withSearch) env.api.get<FieldSetting[]>(`/tms/field/getSearch/${id}`, undefined, { silent: true }).then((s) => live && setSearches(s ?? []), fail);
    return () => {
      live = false;
    };
  }, [env, pageId, mode, open, withColumns, withSearch]);

  const loaded = (!withColumns || columns) && (!withSearch || searches);
  const save = async () => {
    if (withColumns && columns && columns.shown.length === 0) {
      setTab('column');
      return setError(ALL_HIDDEN_MESSAGE);
    }
    setError('');
    setSaving(true);
    try {
      const saved: SavedSettings = {};
      if (withColumns && columns) {
        saved.columns = columnPayload(columns);
        await env.api.post('/tms/field/setColumn', { id: pageId, columns: saved.columns }, { silent: true });
      }
      if (withSearch && searches?.length) {
        saved.searches = searchPayload(searches);
        await env.api.post('/tms/field/setSearch', { id: pageId, searches: saved.searches }, { silent: true });
      }
      onSaved(saved);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const showColumns = withColumns && (mode === 'column' || tab === 'column');
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ width: dialogWidthOf(mode), maxWidth: '95vw' }}>
        <DialogBody>
          <DialogTitle>{SETTINGS_TITLES[mode]}</DialogTitle>
          <DialogContent>
            {mode === 'both' && (
              <TabList size="small" selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'column' | 'search')}>
                <Tab value="column">{SETTINGS_TITLES.column}</Tab>
                <Tab value="search">{SETTINGS_TITLES.search}</Tab>
              </TabList>
            )}
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            <div style={{ marginTop: 8 }}>
              {!loaded && !error && <Spinner size="tiny" label="加载中..." />}
              {showColumns && columns && <ColumnListsEditor lists={columns} onChange={(l) => (setColumns(l), setError(''))} />}
              {!showColumns && withSearch && searches && <SearchChecklist settings={searches} onChange={setSearches} />}
            </div>
          </DialogContent>
          <DialogActions>
            <Button size="small" onClick={onClose}>
              取消
            </Button>
            <Button size="small" appearance="primary" disabled={!loaded || saving} onClick={save}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
