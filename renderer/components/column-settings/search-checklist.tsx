// The search tab: one checkbox per condition; disabled conditions are always shown and fixed.
import { Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { toggleSearch, type FieldSetting } from './settings-model.ts';

export const SEARCH_PROMPT = '请勾选需要显示的查询条件';

const useStyles = makeStyles({
  prompt: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', rowGap: tokens.spacingVerticalXS },
});

export function SearchChecklist({ settings, onChange }: { settings: FieldSetting[]; onChange: (settings: FieldSetting[]) => void }) {
  const styles = useStyles();
  return (
    <div>
      <Text size={200} className={styles.prompt}>
        {SEARCH_PROMPT}
      </Text>
      <div className={styles.grid}>
        {settings.map((s) => (
          <Checkbox
            key={s.fieldId}
            label={s.fieldLabel}
            checked={s.display || s.disabled}
            disabled={s.disabled}
            onChange={(_e, d) => onChange(toggleSearch(settings, s.fieldId, Boolean(d.checked)))}
          />
        ))}
      </div>
    </div>
  );
}
