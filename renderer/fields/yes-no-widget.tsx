// Yes/no fields (the yesNo dictionary, or a boolean): two radio buttons 是 / 否 that always hold a
// value, never a dropdown left on 请选择. The form model gives the field its default (否).
import { makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from './widget-label.tsx';

const useStyles = makeStyles({ group: { minHeight: '24px' } });

/** Yes first, as people say it (是否). */
export function yesNoChoices(schema: { type?: unknown }): [string, boolean | number][] {
  const boolean = [schema.type].flat().includes('boolean');
  return [
    ['是', boolean ? true : 1],
    ['否', boolean ? false : 0],
  ];
}

export function YesNoWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, label, hideLabel, schema } = props;
  const s = useStyles();
  const choices = yesNoChoices(schema);
  const selected = choices.find(([, v]) => v === value || String(v) === String(value));
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <RadioGroup
        id={id}
        className={s.group}
        layout="horizontal"
        aria-label={label}
        value={selected ? selected[0] : ''}
        disabled={disabled || readonly}
        onChange={(_e, d) => onChange(choices.find(([text]) => text === d.value)?.[1])}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        aria-describedby={ariaDescribedByIds(id)}
      >
        {choices.map(([text]) => (
          <Radio key={text} value={text} label={text} />
        ))}
      </RadioGroup>
    </>
  );
}
