// The frame around a form: a compact heading on its own route, the dialog's title and content
// areas (with a close button) when the form is opened in a dialog.
import { Button, DialogContent, DialogTitle, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  page: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, maxWidth: '1200px' },
  title: { display: 'block', marginBottom: tokens.spacingVerticalM },
});

export interface FormFrameProps {
  title: string;
  inDialog?: boolean;
  /** The dialog already has its title and close button (context.dialogTitled): only the form is drawn. */
  dialogTitled?: boolean;
  onClose(): void;
  children: ReactNode;
}

export function FormFrame({ title, inDialog, dialogTitled, onClose, children }: FormFrameProps) {
  const s = useStyles();
  if (inDialog && dialogTitled) return <>{children}</>;
  if (inDialog) {
    return (
      <>
        <DialogTitle action={<Button appearance="subtle" size="small" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />}>
          {title}
        </DialogTitle>
        <DialogContent>{children}</DialogContent>
      </>
    );
  }
  return (
    <section className={s.page}>
      <Subtitle2 as="h2" className={s.title}>
        {title}
      </Subtitle2>
      {children}
    </section>
  );
}
