// The event image gallery (spec section 2): thumbnails of an event's files; images open in one viewer
// that pages through the images only, a pdf opens in a new tab. Long lists fold to one row.
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronUpRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { ImagePreview, ImageViewer, previewKind, type PreviewFile } from './image-preview.tsx';

/** Spec section 9: image list collapsed height 92px; folding starts above 5 files. */
export const GALLERY_COLLAPSED_HEIGHT = 92;
export const GALLERY_COLLAPSE_THRESHOLD = 5;
export const EXPAND_TEXT = '展开所有文件';
export const COLLAPSE_TEXT = '折叠文件';

export interface EventGalleryProps {
  files: PreviewFile[];
  thumbSize?: number;
  collapsedHeight?: number;
}

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-start', columnGap: tokens.spacingHorizontalXS },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, overflow: 'hidden', flex: 1, minWidth: 0 },
});

export function EventGallery({ files, thumbSize = 80, collapsedHeight = GALLERY_COLLAPSED_HEIGHT }: EventGalleryProps) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const [viewing, setViewing] = useState(-1);
  const images = files.filter((f) => f.src && previewKind(f.src, f.name) === 'image');
  const foldable = files.length > GALLERY_COLLAPSE_THRESHOLD;
  if (!files.length) return <ImagePreview width={thumbSize} height={thumbSize} />;
  return (
    <div className={styles.root}>
      <div className={styles.list} style={foldable && !expanded ? { maxHeight: collapsedHeight } : undefined}>
        {files.map((f, i) => {
          const at = images.indexOf(f);
          return (
            <ImagePreview key={`${i}-${f.src}`} {...f} width={thumbSize} height={thumbSize} onOpen={at >= 0 ? () => setViewing(at) : undefined} />
          );
        })}
      </div>
      {foldable && (
        <Button
          size="small"
          appearance="subtle"
          title={expanded ? COLLAPSE_TEXT : EXPAND_TEXT}
          aria-label={expanded ? COLLAPSE_TEXT : EXPAND_TEXT}
          aria-expanded={expanded}
          icon={expanded ? <ChevronUpRegular /> : <ChevronDownRegular />}
          onClick={() => setExpanded(!expanded)}
        />
      )}
      <ImageViewer images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(-1)} />
    </div>
  );
}
