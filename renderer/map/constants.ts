// Spec section 9: the map's sizes and colours, in one place so the widget, the dialog and the
// playback page draw the same way.
export const LINE_WIDTH = 6;
/** Five line colours, used in turn for the tracks of a multi-track view. */
export const TRACK_COLOURS = ['#1f7cff', '#13a86b', '#ff8c00', '#8a3ffc', '#00a3bf'] as const;
export const ALARM_COLOUR = '#e5262a';
export const INACTIVE_COLOUR = '#9e9e9e';
export const PREDICTED_COLOUR = '#9e9e9e';
export const FIT_MAX_ZOOM = 18;
export const FIT_PADDING = 10;
export const SINGLE_MARKER_ZOOM = 13;
export const POPUP_WIDTH = 260;
export const CAR_MARKER_SIZE = 34;
export const FENCE_MARKER_SIZE = 24;
export const TRANSFER_MARKER_SIZE = 30;
export const RADIUS_MAX = 2000;
export const RADIUS_DEFAULT = 200;

export const trackColour = (index: number) => TRACK_COLOURS[((index % TRACK_COLOURS.length) + TRACK_COLOURS.length) % TRACK_COLOURS.length];
