// Paging (spec section 9): default 20 a page; sizes 10 to 1000; layout total, sizes, prev, pager,
// next, jumper.
import { Button, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { PAGE_SIZES } from './list-types.ts';
import { clampPage, pageCountOf, pagerItems } from './pager-model.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  size: { width: '110px' },
  page: { minWidth: '28px', paddingLeft: 0, paddingRight: 0 },
  jump: { width: '56px' },
  jumper: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
});

export interface PaginationBarProps {
  total: number;
  curPage: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function PaginationBar({ total, curPage, pageSize, onPage, onPageSize }: PaginationBarProps) {
  const styles = useStyles();
  const count = pageCountOf(total, pageSize);
  const [jump, setJump] = useState('');
  const go = (page: number) => {
    const next = clampPage(page, count);
    if (next !== curPage) onPage(next);
  };
  const doJump = () => {
    if (jump.trim() === '') return;
    go(Number(jump));
    setJump('');
  };
  return (
    <nav className={styles.root} aria-label="分页">
      <Text size={200}>共 {total} 条</Text>
      <Select size="small" className={styles.size} aria-label="每页条数" value={String(pageSize)} onChange={(_e, d) => onPageSize(Number(d.value))}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}条/页
          </option>
        ))}
      </Select>
      <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label="上一页" disabled={curPage <= 1} onClick={() => go(curPage - 1)} />
      {pagerItems(curPage, count).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            className={styles.page}
            appearance={item === curPage ? 'primary' : 'subtle'}
            aria-current={item === curPage ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ) : (
          <Button
            key={item}
            size="small"
            className={styles.page}
            appearance="subtle"
            icon={<MoreHorizontalRegular />}
            aria-label={item === 'prev-more' ? '向前5页' : '向后5页'}
            onClick={() => go(item === 'prev-more' ? curPage - 5 : curPage + 5)}
          />
        ),
      )}
      <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label="下一页" disabled={curPage >= count} onClick={() => go(curPage + 1)} />
      <span className={styles.jumper}>
        <Text size={200}>前往</Text>
        <Input
          size="small"
          type="number"
          className={styles.jump}
          aria-label="前往页"
          value={jump}
          onChange={(_e, d) => setJump(d.value)}
          onKeyDown={(e) => e.key === 'Enter' && doJump()}
          onBlur={doJump}
        />
        <Text size={200}>页</Text>
      </span>
    </nav>
  );
}
