// The map dialog's track loader (spec sections 4 and 9): pages of 8000 starting at page 1, until the
// collected points reach totalRecords (or a page comes back empty, so a shrinking total cannot loop).
export const DIALOG_PAGE_SIZE = 8000;

export interface TrackPage<P> {
  data: P[];
  totalRecords: number;
  startPlaceName?: string;
  endPlaceName?: string;
}

export async function collectTrack<P>(fetchPage: (paging: { curPage: number; pageSize: number }) => Promise<TrackPage<P>>) {
  const data: P[] = [];
  let head: TrackPage<P> | null = null;
  for (let curPage = 1; ; curPage++) {
    const page = await fetchPage({ curPage, pageSize: DIALOG_PAGE_SIZE });
    head ??= page;
    data.push(...page.data);
    if (page.data.length === 0 || data.length >= page.totalRecords) break;
  }
  return { data, totalRecords: head!.totalRecords, startPlaceName: head!.startPlaceName ?? '', endPlaceName: head!.endPlaceName ?? '' };
}
