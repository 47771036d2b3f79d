// The strip above the page: tag tabs grow in on the left, notice icons (alarm, message, export,
// each behind its operation id, spec section 6) go in the actions slot beside the user menu.
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { UserMenu } from './user-menu.tsx';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    height: '40px',
    flexShrink: 0,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  tags: { flexGrow: 1, minWidth: 0, height: '100%', overflow: 'hidden' },
  actions: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
});

export interface TopBarProps {
  realName: string;
  onChangePassword(): void;
  /** Tag tabs of the open pages. */
  tags?: ReactNode;
  /** Notice icons shown before the user menu. */
  actions?: ReactNode;
}

export function TopBar({ realName, onChangePassword, tags, actions }: TopBarProps) {
  const styles = useStyles();
  return (
    <header className={styles.bar}>
      <div className={styles.tags}>{tags}</div>
      <div className={styles.actions}>
        {actions}
        <UserMenu realName={realName} onChangePassword={onChangePassword} />
      </div>
    </header>
  );
}
