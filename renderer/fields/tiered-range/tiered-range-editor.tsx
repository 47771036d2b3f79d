// Tiered range editor (spec sections 2-5): a first row "≤ high", middle rows "low ~ high" and a last
// row "≥ low". The rules live in schemas/keywords/tiered.ts (shared with the server); this file only
// lays them out and shows each message at its cell.
import { Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { addTier, removeTier, resetTiers, type TierEntry, type TierError } from '../../../schemas/keywords/tiered.ts';
import { NumberCell } from './number-cell.tsx';
import { PriceCell } from './price-cell.tsx';

export const ADD_TIER = '添加阶梯';
export const RESET_TIERS = '重置';
export const DELETE_TIER = '删除';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalXS },
  sign: { width: '36px', lineHeight: '24px', textAlign: 'center' },
  cell: { display: 'flex', flexDirection: 'column' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalL },
});

export interface TieredRangeEditorProps {
  id: string;
  value: TierEntry[] | undefined;
  onChange(next: TierEntry[]): void;
  onBlur?(): void;
  errors: readonly TierError[];
  disabled?: boolean;
  /**
   * A price per tier (a rate rule's 阶梯单价): the entries' field holding it, in fen, typed in yuan;
   * `priceErrors` are its messages by row.
   */
  priceField?: string;
  priceErrors?: ReadonlyMap<number, string>;
}

export function TieredRangeEditor({ id, value, onChange, onBlur, errors, disabled, priceField, priceErrors }: TieredRangeEditorProps) {
  const s = useStyles();
  const rows = value && value.length >= 2 ? value : resetTiers();
  const set = (index: number, field: 'low' | 'high', v: number | undefined) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: v } : r)));
  const messageAt = (index: number, field: 'low' | 'high') => errors.find((e) => e.index === index && e.field === field)?.message;

  const price = (index: number) => {
    if (!priceField) return null;
    const message = priceErrors?.get(index);
    return (
      <div className={s.cell}>
        <PriceCell
          id={`${id}_${index}_${priceField}`}
          label={`第${index + 1}阶梯单价`}
          value={(rows[index] as unknown as Record<string, unknown>)[priceField]}
          invalid={Boolean(message)}
          disabled={disabled}
          onChange={(v) => onChange(rows.map((r, i) => (i === index ? { ...r, [priceField]: v } : r)))}
          onBlur={onBlur}
        />
        {message && <span className={s.error}>{message}</span>}
      </div>
    );
  };

  const cell = (index: number, field: 'low' | 'high', label: string) => {
    const message = messageAt(index, field);
    return (
      <div className={s.cell}>
        <NumberCell
          id={`${id}_${index}_${field}`}
          label={label}
          value={rows[index][field]}
          invalid={Boolean(message)}
          disabled={disabled}
          onChange={(v) => set(index, field, v)}
          onBlur={onBlur}
        />
        {message && <span className={s.error}>{message}</span>}
      </div>
    );
  };

  return (
    <div id={id}>
      {rows.map((row, index) => (
        <div className={s.row} key={index} data-testid="tier-row">
          {row.scopeType === 1 && (
            <>
              <Text className={s.sign}>≤</Text>
              {cell(index, 'high', `第${index + 1}阶梯上限`)}
              {price(index)}
            </>
          )}
          {row.scopeType === 2 && (
            <>
              {cell(index, 'low', `第${index + 1}阶梯下限`)}
              <Text className={s.sign}>~</Text>
              {cell(index, 'high', `第${index + 1}阶梯上限`)}
              {price(index)}
              {!disabled && (
                <Button appearance="subtle" size="small" icon={<DeleteRegular />} title={DELETE_TIER} aria-label={`${DELETE_TIER}第${index + 1}阶梯`} onClick={() => onChange(removeTier(rows, index))} />
              )}
            </>
          )}
          {row.scopeType === 3 && (
            <>
              <Text className={s.sign}>≥</Text>
              {cell(index, 'low', `第${index + 1}阶梯下限`)}
              {price(index)}
            </>
          )}
        </div>
      ))}
      {!disabled && (
        <div className={s.actions}>
          <Link as="button" onClick={() => onChange(addTier(rows))}>{ADD_TIER}</Link>
          <Link as="button" onClick={() => onChange(resetTiers())}>{RESET_TIERS}</Link>
        </div>
      )}
    </div>
  );
}
