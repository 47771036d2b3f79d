// The image viewer of the upload widget: one image at a time, paging through the images only.
import {
  Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';

export const IMAGE_FAILED = '图片加载失败';

const useStyles = makeStyles({
  surface: { maxWidth: '90vw', width: 'auto' },
  stage: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '8px', minWidth: '320px' },
  image: { maxWidth: '80vw', maxHeight: '70vh', objectFit: 'contain' },
});

export interface ImagePreviewProps {
  files: { url: string; name: string }[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

export function ImagePreview({ files, index, onIndex, onClose }: ImagePreviewProps) {
  const s = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const file = files[index];
  const many = files.length > 1;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface}>
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" size="small" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />}
          >
            {file.name}
          </DialogTitle>
          <DialogContent>
            <div className={s.stage}>
              {many && (
                <Button appearance="subtle" aria-label="上一张" icon={<ChevronLeftRegular />} onClick={() => onIndex((index - 1 + files.length) % files.length)} />
              )}
              {failed === file.url ? (
                <Text>{IMAGE_FAILED}</Text>
              ) : (
                <img className={s.image} src={file.url} alt={file.name} onError={() => setFailed(file.url)} />
              )}
              {many && (
                <Button appearance="subtle" aria-label="下一张" icon={<ChevronRightRegular />} onClick={() => onIndex((index + 1) % files.length)} />
              )}
            </div>
            {many && <Text size={200}>{`${index + 1}/${files.length}`}</Text>}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
