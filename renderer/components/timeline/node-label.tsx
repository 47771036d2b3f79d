// A node's icon and name: the hover (and keyboard focus) target that opens its popover.
import { makeStyles, tokens } from '@fluentui/react-components';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { StatusIcon, type IconVariant } from './status-icons.tsx';

const useStyles = makeStyles({
  trigger: {
    display: 'flex', alignItems: 'center', columnGap: '4px', maxWidth: '100%', padding: '0 4px',
    border: 'none', background: 'none', font: 'inherit', color: tokens.colorNeutralForeground1, cursor: 'default',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

type NodeLabelProps = ComponentPropsWithoutRef<'button'> & { variant: IconVariant; statusLabel: string; name: string };

/** A button so keyboard users reach the popover too; forwards the trigger's ref and handlers. */
export const NodeLabel = forwardRef<HTMLButtonElement, NodeLabelProps>(function NodeLabel({ variant, statusLabel, name, ...rest }, ref) {
  const styles = useStyles();
  return (
    <button type="button" ref={ref} className={styles.trigger} {...rest}>
      <StatusIcon variant={variant} label={statusLabel} />
      <span className={styles.name} title={name}>{name}</span>
    </button>
  );
});
