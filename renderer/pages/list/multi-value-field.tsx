// A text field that takes many values: typed with separators or pasted into the 'multi query'
// dialog. It holds the split values; the body builder sends them as `in` or the first one.
import { Button, Input, makeStyles } from '@fluentui/react-components';
import { TextBulletListLtrRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { MULTI_QUERY_TITLE, splitMultiValues } from '../../components/multi-query.ts';

// The dialog loads when first opened: most searches never use it.
const MultiQueryDialog = lazy(() => import('../../components/multi-query-dialog.tsx').then((m) => ({ default: m.MultiQueryDialog })));

const useStyles = makeStyles({ input: { width: '180px' } });

export interface MultiValueFieldProps {
  label: string;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  onEnter: () => void;
}

export function MultiValueField({ label, value, onChange, onEnter }: MultiValueFieldProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const values = value ?? [];
  const set = (next: string[]) => onChange(next.length ? next : undefined);
  return (
    <>
      <Input
        size="small"
        className={styles.input}
        aria-label={label}
        placeholder="请输入"
        // While typing, the raw text stays as typed; it becomes values when the field is left.
        value={text ?? values.join(',')}
        onChange={(_e, d) => {
          setText(d.value);
          set(splitMultiValues(d.value));
        }}
        onBlur={() => setText(null)}
        onKeyDown={(e) => e.key === 'Enter' && onEnter()}
        contentAfter={
          <Button
            size="small"
            appearance="transparent"
            icon={<TextBulletListLtrRegular />}
            aria-label={`${label}${MULTI_QUERY_TITLE}`}
            title={MULTI_QUERY_TITLE}
            onClick={() => setOpen(true)}
          />
        }
      />
      {open && (
        <Suspense fallback={null}>
          <MultiQueryDialog
            open={open}
            values={values}
            onClose={() => setOpen(false)}
            onConfirm={(next) => {
              setText(null);
              set(next);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
