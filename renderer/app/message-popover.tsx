// The message popover of the top bar (spec sections 4 and 9): when the message poll brings a latest
// message it shows under the message icon; with msgLayerDisplayMode 1 (the corporation's setting read
// at login) it hides by itself after 3000 ms, otherwise it stays until closed or opened.
import { Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';

/** Spec section 9: the popover hides after 3000 ms in mode 1. */
export const MESSAGE_POPOVER_MS = 3000;
/** Spec section 3: the mode whose popover hides by itself (the default). */
export const AUTO_HIDE_MODE = 1;

/** One entry of theLatestNewsList of POST /message/summary. */
export interface LatestMessage {
  id: number;
  title: string;
  content: string;
  link: string | null;
  createdAtStr?: string;
}

const useStyles = makeStyles({
  root: {
    position: 'absolute',
    top: '100%',
    right: 0,
    zIndex: 100,
    width: '260px', // spec section 9: popover width 260
    marginTop: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  title: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface MessagePopoverProps {
  message: LatestMessage;
  /** msgLayerDisplayMode of the session's settings. */
  mode: number;
  onClose(): void;
  /** Opens the message's own page, or the message centre. */
  onOpen(to: string): void;
}

export function MessagePopover({ message, mode, onClose, onOpen }: MessagePopoverProps) {
  const styles = useStyles();
  // Counted from each new message: a newer one arriving restarts the 3 s.
  useEffect(() => {
    if (mode !== AUTO_HIDE_MODE) return undefined;
    const timer = setTimeout(onClose, MESSAGE_POPOVER_MS);
    return () => clearTimeout(timer);
  }, [mode, message.id, onClose]);

  return (
    <div className={styles.root} role="status" aria-label="最新消息">
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {message.title}
        </Text>
        <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label="关闭" onClick={onClose} />
      </div>
      <Link
        onClick={() => {
          onClose();
          onOpen(message.link || '/messageCenter');
        }}
      >
        {message.content}
      </Link>
      {message.createdAtStr && <Text size={200}>{message.createdAtStr}</Text>}
    </div>
  );
}
