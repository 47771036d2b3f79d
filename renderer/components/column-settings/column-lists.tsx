// The column tab: '隐藏字段' and '显示字段' side by side. Names are dragged (@dnd-kit/core) between
// and within the lists; the arrow buttons do the same for keyboard and touch users. Disabled
// (fixed) columns neither drag nor move.
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowLeftRegular, ArrowRightRegular, ArrowUpRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { listOf, moveField, stepField, type ColumnLists, type FieldSetting, type ListName } from './settings-model.ts';

export const COLUMN_HINT = '可以通过拖拽列名称调整显示内容和显示顺序';
/** Spec section 9: the column list area is 320 px high. */
export const LIST_AREA_HEIGHT = 320;
const TITLES: Record<ListName, string> = { hidden: '隐藏字段', shown: '显示字段' };

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalS, display: 'block' },
  lists: { display: 'flex', columnGap: tokens.spacingHorizontalM },
  list: { flex: '1 1 0', display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  head: { padding: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  body: { overflowY: 'auto', padding: tokens.spacingHorizontalXS, flexGrow: 1 },
  over: { backgroundColor: tokens.colorBrandBackground2 },
  item: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    height: '28px',
    paddingLeft: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'grab',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  fixed: { cursor: 'not-allowed', color: tokens.colorNeutralForegroundDisabled },
  dragging: { opacity: 0.4 },
  name: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  overlay: { backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow8 },
});

const itemId = (fieldId: string) => `item:${fieldId}`;
const listId = (name: ListName) => `list:${name}`;

interface ItemProps {
  item: FieldSetting;
  list: ListName;
  first: boolean;
  last: boolean;
  onMove: (lists: (l: ColumnLists) => ColumnLists) => void;
}

function FieldItem({ item, list, first, last, onMove }: ItemProps) {
  const styles = useStyles();
  const drag = useDraggable({ id: itemId(item.fieldId), disabled: item.disabled });
  const drop = useDroppable({ id: itemId(item.fieldId) });
  const name = item.fieldLabel;
  const other: ListName = list === 'shown' ? 'hidden' : 'shown';
  return (
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      {...drag.attributes}
      {...drag.listeners}
      role="listitem"
      aria-roledescription="可拖拽字段"
      aria-disabled={item.disabled || undefined}
      data-field={item.fieldId}
      className={mergeClasses(styles.item, item.disabled && styles.fixed, drag.isDragging && styles.dragging, drop.isOver && styles.over)}
    >
      {item.disabled && <LockClosedRegular aria-label="固定" />}
      <span className={styles.name}>{name}</span>
      {!item.disabled && list === 'shown' && (
        <>
          <Button size="small" appearance="transparent" icon={<ArrowUpRegular />} aria-label={`上移${name}`} disabled={first} onClick={() => onMove((l) => stepField(l, item.fieldId, -1))} />
          <Button size="small" appearance="transparent" icon={<ArrowDownRegular />} aria-label={`下移${name}`} disabled={last} onClick={() => onMove((l) => stepField(l, item.fieldId, 1))} />
        </>
      )}
      {!item.disabled && (
        <Button
          size="small"
          appearance="transparent"
          icon={list === 'shown' ? <ArrowLeftRegular /> : <ArrowRightRegular />}
          aria-label={`${list === 'shown' ? '隐藏' : '显示'}${name}`}
          onClick={() => onMove((l) => moveField(l, item.fieldId, other))}
        />
      )}
    </div>
  );
}

function FieldList({ name, items, onMove }: { name: ListName; items: FieldSetting[]; onMove: ItemProps['onMove'] }) {
  const styles = useStyles();
  const drop = useDroppable({ id: listId(name) });
  return (
    <section className={styles.list} aria-label={TITLES[name]} style={{ height: LIST_AREA_HEIGHT }}>
      <div className={styles.head}>{TITLES[name]}</div>
      <div ref={drop.setNodeRef} className={mergeClasses(styles.body, drop.isOver && styles.over)} role="list">
        {items.map((item, i) => (
          <FieldItem key={item.fieldId} item={item} list={name} first={i === 0} last={i === items.length - 1} onMove={onMove} />
        ))}
      </div>
    </section>
  );
}

export function ColumnListsEditor({ lists, onChange }: { lists: ColumnLists; onChange: (lists: ColumnLists) => void }) {
  const styles = useStyles();
  const [active, setActive] = useState<FieldSetting | null>(null);
  // A short distance before a drag starts, so the arrow buttons inside an item still click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const labelOf = (id: string | number) => [...lists.hidden, ...lists.shown].find((s) => itemId(s.fieldId) === id)?.fieldLabel ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `已拿起字段 ${labelOf(a.id)}`,
    onDragOver: ({ active: a, over }) => (over ? `字段 ${labelOf(a.id)} 移到了 ${labelOf(over.id) || '列表'} 上` : `字段 ${labelOf(a.id)} 不在可放下的位置`),
    onDragEnd: ({ active: a }) => `已放下字段 ${labelOf(a.id)}`,
    onDragCancel: ({ active: a }) => `已取消拖拽字段 ${labelOf(a.id)}`,
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const fieldId = String(a.id).slice('item:'.length);
    const overId = String(over.id);
    if (overId.startsWith('list:')) return onChange(moveField(lists, fieldId, overId.slice('list:'.length) as ListName));
    const target = overId.slice('item:'.length);
    const targetList = listOf(lists, target);
    if (!targetList || target === fieldId) return;
    onChange(moveField(lists, fieldId, targetList, lists[targetList].findIndex((s) => s.fieldId === target)));
  };

  return (
    <div>
      <Text size={200} className={styles.hint}>
        {COLUMN_HINT}
      </Text>
      <DndContext
        sensors={sensors}
        accessibility={{ announcements, screenReaderInstructions: { draggable: '按空格键拿起字段，用方向键移动，再按空格键放下，按 Esc 取消。' } }}
        onDragStart={({ active: a }) => setActive([...lists.hidden, ...lists.shown].find((s) => itemId(s.fieldId) === a.id) ?? null)}
        onDragCancel={() => setActive(null)}
        onDragEnd={onDragEnd}
      >
        <div className={styles.lists}>
          <FieldList name="hidden" items={lists.hidden} onMove={(f) => onChange(f(lists))} />
          <FieldList name="shown" items={lists.shown} onMove={(f) => onChange(f(lists))} />
        </div>
        <DragOverlay>{active ? <div className={mergeClasses(styles.item, styles.overlay)}>{active.fieldLabel}</div> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}
