import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { PHOTO_MAX_COUNT, photoMessages, type Photo } from '@heartline/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Svg, type IconProps } from '../../components/Icons.tsx';
import { StarIcon } from '../../components/NetworkIcons.tsx';

const EarlierIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);
const LaterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m9 18 6-6-6-6" />
  </Svg>
);
const TrashIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
const PlusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

type Action = 'earlier' | 'later' | 'main';

/**
 * The own photos as a grid of PHOTO_MAX_COUNT slots (issue 48): the main photo first, then
 * the others, then "Add photo" while there is room. A photo moves by dragging it (mouse, or a
 * finger held still for a moment so that a swipe still scrolls the page), by the keyboard
 * (dnd-kit's sensor: Space, arrows, Space) or by its own buttons. `onMove` gets 0-based
 * positions; the screen sends the new order.
 */
export function PhotoGrid({
  photos,
  onMove,
  onDelete,
  onAdd,
  canAdd,
}: {
  photos: Photo[];
  onMove: (from: number, to: number) => void;
  onDelete: (photo: Photo, index: number) => void;
  onAdd: () => void;
  canAdd: boolean;
}) {
  const ids = photos.map((photo) => photo.id);
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => photoMessages.dragStart(position(active.id)),
    onDragOver: ({ active, over }) =>
      over ? photoMessages.dragOver(position(active.id), position(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? photoMessages.dragEnd(position(active.id), position(over.id))
        : photoMessages.dragCancel(position(active.id)),
    onDragCancel: ({ active }) => photoMessages.dragCancel(position(active.id)),
  };

  // A moved tile's DOM node may be re-inserted, which takes focus off the button just used:
  // give it back, or to the photo itself when that button no longer applies there.
  const grid = useRef<HTMLUListElement>(null);
  const refocus = useRef<{ id: string; action: Action } | null>(null);
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const tile = grid.current?.querySelector(`[data-photo-id="${wanted.id}"]`);
    const button = tile?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]`);
    const target =
      button && !button.disabled ? button : tile?.querySelector<HTMLElement>('[data-handle]');
    target?.focus();
  }, [photos]);

  // Said after a button's move; a drag's moves dnd-kit's announcements say.
  const [announcement, setAnnouncement] = useState('');
  const move = (index: number, to: number, action: Action) => {
    const photo = photos[index];
    if (!photo) return;
    refocus.current = { id: photo.id, action };
    setAnnouncement(photoMessages.movedTo(index + 1, to + 1));
    onMove(index, to);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(position(active.id) - 1, position(over.id) - 1);
  };

  const empty = Math.max(0, PHOTO_MAX_COUNT - photos.length);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: photoMessages.dragInstructions },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul ref={grid} className="photo-grid" aria-label={photoMessages.screenTitle}>
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              last={index === photos.length - 1}
              onEarlier={() => move(index, index - 1, 'earlier')}
              onLater={() => move(index, index + 1, 'later')}
              onMain={() => move(index, 0, 'main')}
              onDelete={() => onDelete(photo, index)}
            />
          ))}
          {Array.from({ length: empty }, (_, slot) =>
            slot === 0 ? (
              <li key="add" className="photo-slot">
                <button
                  type="button"
                  className="photo-slot__add"
                  disabled={!canAdd}
                  onClick={onAdd}
                  data-add-photo
                >
                  <PlusIcon size={26} />
                  <span>{photoMessages.addPhoto}</span>
                </button>
              </li>
            ) : (
              // The first empty slot is the one control; the others only take a tap or a
              // click to it, so a screen reader hears "Add photo" once, not five times.
              <li key={`empty-${slot}`} className="photo-slot" aria-hidden="true">
                <span
                  className="photo-slot__add photo-slot__add--quiet"
                  data-disabled={!canAdd || undefined}
                  onClick={canAdd ? onAdd : undefined}
                >
                  <PlusIcon size={22} />
                </span>
              </li>
            ),
          )}
        </ul>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </DndContext>
  );
}

function PhotoTile({
  photo,
  index,
  last,
  onEarlier,
  onLater,
  onMain,
  onDelete,
}: {
  photo: Photo;
  index: number;
  last: boolean;
  onEarlier: () => void;
  onLater: () => void;
  onMain: () => void;
  onDelete: () => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: photo.id });
  const position = index + 1;
  const main = index === 0;
  return (
    <li
      ref={setNodeRef}
      className="photo-tile"
      data-photo-id={photo.id}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div
        ref={setActivatorNodeRef}
        className="photo-tile__handle"
        data-handle
        {...attributes}
        {...listeners}
        aria-label={photoMessages.photoLabel(position, main)}
      >
        <img
          className="photo-tile__img"
          src={photo.url}
          alt=""
          draggable={false}
          decoding="async"
        />
        {main && (
          <span className="photo-tile__badge" aria-hidden="true">
            <StarIcon size={12} filled />
            {photoMessages.main}
          </span>
        )}
      </div>
      <button
        type="button"
        className="photo-tile__delete"
        aria-label={photoMessages.deletePhoto(position)}
        title={photoMessages.deletePhoto(position)}
        onClick={onDelete}
      >
        <TrashIcon size={16} />
      </button>
      <div className="photo-tile__tools">
        <button
          type="button"
          className="photo-tile__tool photo-tile__tool--flip"
          data-action="earlier"
          aria-label={photoMessages.moveEarlier(position)}
          title={photoMessages.moveEarlier(position)}
          disabled={main}
          onClick={onEarlier}
        >
          <EarlierIcon size={18} />
        </button>
        <button
          type="button"
          className="photo-tile__tool"
          data-action="main"
          aria-label={photoMessages.makeMain(position)}
          title={photoMessages.makeMain(position)}
          disabled={main}
          onClick={onMain}
        >
          <StarIcon size={16} filled={main} />
        </button>
        <button
          type="button"
          className="photo-tile__tool photo-tile__tool--flip"
          data-action="later"
          aria-label={photoMessages.moveLater(position)}
          title={photoMessages.moveLater(position)}
          disabled={last}
          onClick={onLater}
        >
          <LaterIcon size={18} />
        </button>
      </div>
    </li>
  );
}
