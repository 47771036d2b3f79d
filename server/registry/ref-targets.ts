// Reference targets that are not resource files: tables with their own write rules (a fence is
// kept by server/fences, not the generic resource routes), which a resource may still point at
// with `references` and show by label. Each names its table, the list its pickers read, and who
// may pick which rows; the join that shows the label reads deleted rows too.
import type { SessionUser } from '../http/context.ts';
import { fenceReadScope } from '../fences/scope.ts';

export interface RefTarget {
  title: string;
  table: string;
  /** The POST list a picker reads its options from (rows with `id` and the label field). */
  list: string;
  /** Rows (alias `t`) the user may pick: visible and live. */
  pickable: (user: SessionUser) => { sql: string[]; params: unknown[] };
}

export const REF_TARGETS: Record<string, RefTarget> = {
  area: {
    title: '电子围栏',
    table: 'areas',
    list: '/electronic/getAreaLablePositionNew',
    pickable: (user) => {
      const scope = fenceReadScope(user, 't');
      return { sql: [scope.sql, 't.is_deleted = 0'], params: scope.params };
    },
  },
};
