// The fence edit layer's drawing on the map (issue 13), with terra-draw on the playback map's
// maplibre instance: draw a circle (click the centre, move, click again; a click on the centre itself
// keeps the current radius), a rectangle (two clicks) or a polygon (a click per vertex; a click on the
// first or the last vertex closes it, so a double-click finishes instead of breaking it); edit in
// select mode (drag the shape, drag a vertex, drag a midpoint to add one, right-click a vertex to
// delete it). Edges that would cross are refused as they happen, so the shape is never lost.
// Only this module imports terra-draw; the page loads it when the editor opens.
import type { Map as MlMap } from 'maplibre-gl';
import {
  TerraDraw, TerraDrawCircleMode, TerraDrawModeUndoRedo, TerraDrawPolygonMode, TerraDrawRectangleMode, TerraDrawSelectMode,
  ValidateNotSelfIntersecting, type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { RADIUS_MAX } from '../../map/constants.ts';
import type { Datum } from '../../map/providers.ts';
import { DRAW_MODES, draftOfFeature, EDGES_CROSS, featureOfDraft, type FenceDraft, type FenceType } from './fence-edit.ts';

const EDIT_COLOUR = '#e5262a';
const VERTEX_COLOUR = '#ffffff';
const RADIUS_TOO_BIG = `半径必须小于等于${RADIUS_MAX}`;

export interface FenceDrawingEvents {
  /** A finished drawing or edit, as a draft in WGS-84. */
  onDraft(draft: FenceDraft): void;
  /** A click or drag the rules refused (crossing edges, a radius over the limit); the shape stays as it was. */
  onRefused(message: string): void;
  /** Drawing started or ended (undo then removes the last vertex). */
  onDrawingChange(drawing: boolean): void;
}

type Feature = GeoJSONStoreFeatures;
/** Escape and Enter are the editor's (Escape gives the shape back instead of leaving an empty map). */
const NO_KEYS = { cancel: null, finish: null };

const polygonStyles = { fillColor: EDIT_COLOUR, fillOpacity: 0.18, outlineColor: EDIT_COLOUR, outlineWidth: 2 } as const;

export class FenceDrawing {
  private readonly draw: TerraDraw;
  private featureId: string | number | null = null;
  private drawing = false;
  /** The radius a circle keeps when it is drawn by a single click and while it is moved. */
  private radius = 200;

  constructor(private readonly map: MlMap, private readonly datum: Datum, private readonly events: FenceDrawingEvents) {
    // Edges that would cross are refused at the click (polygon) or the drag (select mode: the
    // library keeps the last shape whose edges do not cross).
    const noCrossing = (f: Feature, ctx: { updateType: string }) => {
      if (ctx.updateType === 'provisional') return { valid: true };
      const v = ValidateNotSelfIntersecting(f);
      if (!v.valid) this.events.onRefused(EDGES_CROSS);
      return v;
    };
    const radiusLimit = (f: Feature) => {
      const km = Number(f.properties.radiusKilometers);
      if (Number.isFinite(km) && km * 1000 > RADIUS_MAX + 0.5) {
        this.events.onRefused(RADIUS_TOO_BIG);
        return { valid: false, reason: RADIUS_TOO_BIG };
      }
      return { valid: true };
    };
    this.draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'fence-edit', coordinatePrecision: 9 }),
      modes: [
        new TerraDrawCircleMode({ styles: polygonStyles, validation: radiusLimit, keyEvents: NO_KEYS }),
        new TerraDrawRectangleMode({ styles: polygonStyles, keyEvents: NO_KEYS }),
        new TerraDrawPolygonMode({
          styles: { ...polygonStyles, closingPointColor: VERTEX_COLOUR, closingPointOutlineColor: EDIT_COLOUR, closingPointWidth: 6, closingPointOutlineWidth: 2 },
          validation: noCrossing,
          keyEvents: NO_KEYS,
        }),
        new TerraDrawSelectMode({
          allowManualDeselection: false,
          styles: {
            selectedPolygonColor: EDIT_COLOUR, selectedPolygonFillOpacity: 0.18, selectedPolygonOutlineColor: EDIT_COLOUR, selectedPolygonOutlineWidth: 2,
            selectionPointColor: VERTEX_COLOUR, selectionPointOutlineColor: EDIT_COLOUR, selectionPointWidth: 6, selectionPointOutlineWidth: 2,
            midPointColor: EDIT_COLOUR, midPointOutlineColor: VERTEX_COLOUR, midPointWidth: 4, midPointOutlineWidth: 1,
          },
          flags: {
            // A circle moves as a whole; its radius is the editor's field.
            circle: { feature: { draggable: true } },
            // A rectangle moves, and a corner drag resizes it from the opposite corner.
            rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } },
            polygon: { feature: { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } } },
          },
        }),
      ],
      undoRedo: { modeLevel: new TerraDrawModeUndoRedo({ maxStackSize: 200 }) },
    });
    this.draw.start();
    this.draw.on('finish', this.onFinish);
  }

  private readonly onFinish = (id: string | number, ctx: { mode: string; action: string }) => {
    const f = this.draw.getSnapshotFeature(id);
    if (!f) return;
    const draft = draftOfFeature(f as never, this.datum, this.radius);
    if (ctx.action === 'draw') {
      this.setDrawing(false);
      // A circle closed by a click on its own centre has no radius of its own: it keeps the current one.
      if (draft && draft.typeId === 3 && !(Number(f.properties.radiusKilometers) * 1000 >= 1)) draft.radius = this.radius;
      this.featureId = id;
      // The new shape is at once editable: its vertices can be dragged without another click.
      this.draw.setMode('select');
      if (this.draw.hasFeature(id)) this.draw.selectFeature(id);
    }
    if (draft) this.events.onDraft(draft);
  };

  private setDrawing(drawing: boolean) {
    if (this.drawing === drawing) return;
    this.drawing = drawing;
    this.events.onDrawingChange(drawing);
  }

  /** Shows the draft as the one editable shape (replacing whatever was drawn). */
  show(draft: FenceDraft) {
    if (draft.typeId === 3) this.radius = draft.radius;
    this.draw.setMode('select');
    this.setDrawing(false);
    this.draw.clear();
    this.featureId = null;
    const feature = featureOfDraft(draft, this.datum);
    if (!feature) return;
    const [result] = this.draw.addFeatures([feature as unknown as Feature]);
    if (result?.valid) {
      this.featureId = result.id as string | number;
      this.draw.selectFeature(this.featureId);
    }
  }

  /** Clears the shape and starts drawing a new one of the type. */
  start(typeId: FenceType, radius: number) {
    this.radius = radius;
    this.draw.setMode('select');
    this.draw.clear();
    this.featureId = null;
    this.draw.setMode(DRAW_MODES[typeId]);
    this.setDrawing(true);
  }

  get isDrawing() {
    return this.drawing;
  }

  /** While drawing: removes the last vertex; false when there is none (the caller then stops drawing). */
  undoVertex(): boolean {
    if (!this.drawing || !this.draw.canUndo()) return false;
    return this.draw.undo();
  }

  /** The display bounds of the shape, for centring the map on it. */
  bounds(): [[number, number], [number, number]] | null {
    const f = this.featureId === null ? undefined : this.draw.getSnapshotFeature(this.featureId);
    if (!f || f.geometry.type !== 'Polygon') return null;
    const ring = (f.geometry.coordinates as number[][][])[0];
    const xs = ring.map((p) => p[0]), ys = ring.map((p) => p[1]);
    return [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]];
  }

  destroy() {
    this.draw.off('finish', this.onFinish);
    // The map may already be gone (map type changed, page left): stopping then has nothing to remove.
    try {
      this.draw.stop();
    } catch {
      /* the map's style went with it */
    }
  }

  get mapInstance() {
    return this.map;
  }
}
