// The toolbar above the table: toolbar actions (新增, 导出 ...), batch actions (need a selection)
// and the gear that opens the column and search settings.
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { Action } from '../page-types.ts';
import { useExportAction } from '../export-center/export-action.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
});

export interface ListToolbarProps {
  /** The list's own page id: what its export button exports. */
  pageId?: string;
  toolbar: Action[];
  batch: Action[];
  selectedCount: number;
  settingsTitle?: string;
  onToolbar: (action: Action) => void;
  onBatch: (action: Action) => void;
  onSettings?: () => void;
}

export function ListToolbar({ pageId, toolbar, batch, selectedCount, settingsTitle, onToolbar, onBatch, onSettings }: ListToolbarProps) {
  const styles = useStyles();
  // Every list can be exported by users holding exportCenter3 (issue 6), unless its schema declares its own export.
  const exportAction = useExportAction(toolbar, pageId);
  if (!toolbar.length && !batch.length && !onSettings && !exportAction) return null;
  return (
    <div className={styles.root} role="toolbar" aria-label="操作">
      {toolbar.map((a, i) => (
        <Button key={a.id} size="small" appearance={i === 0 && a.page ? 'primary' : 'secondary'} onClick={() => onToolbar(a)}>
          {a.label ?? a.id}
        </Button>
      ))}
      {exportAction && (
        <Button size="small" onClick={() => onToolbar(exportAction)}>
          {exportAction.label}
        </Button>
      )}
      {batch.map((a) => (
        <Button key={a.id} size="small" disabled={selectedCount === 0} onClick={() => onBatch(a)}>
          {a.label ?? a.id}
        </Button>
      ))}
      <span className={styles.grow} />
      {onSettings && settingsTitle && (
        <Tooltip content={settingsTitle} relationship="label">
          <Button size="small" appearance="subtle" icon={<SettingsRegular />} onClick={onSettings} />
        </Tooltip>
      )}
    </div>
  );
}
