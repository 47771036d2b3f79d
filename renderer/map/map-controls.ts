// The map's own controls and words: maplibre's texts in Chinese (its defaults are English aria
// labels), the button back to the data, and the padding a fit leaves for markers and controls.
import type { IControl } from 'maplibre-gl';

export const MAP_LOCALE: Record<string, string> = {
  'AttributionControl.ToggleAttribution': '地图数据来源',
  'AttributionControl.MapFeedback': '地图反馈',
  'Map.Title': '地图',
  'Marker.Title': '地图标记',
  'NavigationControl.ResetBearing': '恢复正北方向',
  'NavigationControl.ZoomIn': '放大',
  'NavigationControl.ZoomOut': '缩小',
  'Popup.Close': '关闭',
  'ScaleControl.Meters': '米',
  'ScaleControl.Kilometers': '公里',
  'CooperativeGesturesHandler.WindowsHelpText': '按住 Ctrl 键滚动鼠标缩放地图',
  'CooperativeGesturesHandler.MacHelpText': '按住 ⌘ 键滚动鼠标缩放地图',
  'CooperativeGesturesHandler.MobileHelpText': '用两根手指移动地图',
};

export const RECENTER_LABEL = '回到数据范围';

/** A button in maplibre's control group that fits the view to the data again. */
export function recenterControl(recenter: () => void): IControl {
  let root: HTMLDivElement | null = null;
  return {
    onAdd() {
      root = document.createElement('div');
      root.className = 'maplibregl-ctrl maplibregl-ctrl-group';
      const button = document.createElement('button');
      button.type = 'button';
      button.title = RECENTER_LABEL;
      button.setAttribute('aria-label', RECENTER_LABEL);
      button.innerHTML = '<svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" style="margin:5px"><circle cx="10" cy="10" r="4" fill="none" stroke="#333" stroke-width="2"/><path d="M10 1v4M10 15v4M1 10h4M15 10h4" stroke="#333" stroke-width="2"/></svg>';
      button.addEventListener('click', recenter);
      root.appendChild(button);
      return root;
    },
    onRemove() {
      root?.remove();
      root = null;
    },
  };
}

/**
 * Room around fitted data: the start/end markers (24 px) stand half outside their point and the
 * controls sit in the top right, so the data keeps 48 px from the edges (56 on the right), never
 * more than a fifth of the map, and at least `min`.
 */
export function fitPadding(width: number, height: number, min: number) {
  const x = Math.max(min, Math.min(48, Math.floor(width / 5)));
  const y = Math.max(min, Math.min(48, Math.floor(height / 5)));
  return { top: y, bottom: y, left: x, right: Math.max(x, Math.min(56, Math.floor(width / 5))) };
}
