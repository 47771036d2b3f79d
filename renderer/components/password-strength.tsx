// The strength meter of the change-password dialog (spec sections 4 and 9): a bar at 0/30/60/100
// with the label 低/中/高, measured by the shared rule the server also applies.
import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { passwordStrength, strengthLabel, type PasswordStrength } from '../../schemas/keywords/password.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minHeight: '24px' },
  bar: { flexGrow: 1 },
  label: { width: '1.5em', flexShrink: 0 },
});

const COLOR: Record<PasswordStrength, 'error' | 'warning' | 'success' | undefined> = {
  0: undefined,
  30: 'error',
  60: 'warning',
  100: 'success',
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const styles = useStyles();
  const level = passwordStrength(password);
  return (
    <div className={styles.root}>
      <ProgressBar
        className={styles.bar}
        thickness="large"
        max={100}
        value={level}
        color={COLOR[level]}
        aria-label="密码强度"
        aria-valuetext={strengthLabel(level) || '无'}
      />
      <Text size={200} className={styles.label}>
        {strengthLabel(level)}
      </Text>
    </div>
  );
}
