// An image thumbnail carrying the number of images behind it (spec section 2); clicking opens the
// viewer on the first one. Used where a row or popup has several photos but room for one.
import { CounterBadge, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { ImagePreview, ImageViewer, previewKind, type PreviewFile } from './image-preview.tsx';

export interface ImageBadgeProps {
  images: (PreviewFile | string)[];
  size?: number;
}

const useStyles = makeStyles({
  root: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-6px', right: '-6px' },
});

export function ImageBadge({ images, size = 48 }: ImageBadgeProps) {
  const styles = useStyles();
  const [viewing, setViewing] = useState(-1);
  const files = images.map((i) => (typeof i === 'string' ? { src: i } : i));
  const first = files[0];
  // The viewer shows pictures only; a pdf thumbnail opens its own tab instead.
  const pictures = files.filter((f) => previewKind(f.src, f.name) === 'image');
  return (
    <span className={styles.root}>
      <ImagePreview {...first} width={size} height={size} onOpen={first && pictures[0] === first ? () => setViewing(0) : undefined} />
      {files.length > 0 && (
        <CounterBadge className={styles.badge} size="small" count={files.length} aria-label={`共 ${files.length} 张`} />
      )}
      <ImageViewer images={pictures} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(-1)} />
    </span>
  );
}
