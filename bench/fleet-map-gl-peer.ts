// The fleet-map bench's peer for the design the page does not use (docs/decisions.md "Fleet map on a
// canvas overlay"): a maplibre custom layer (CustomLayerInterface) drawing every vehicle from one
// vertex buffer in the map's WebGL context, a stream batch rewriting only the changed entries
// (bufferSubData) and asking the map for a frame (map.triggerRepaint), as custom layers must.
// It is the floor of that design, kept as small as it can be: round points in the state's colour,
// no arrows, no clustering, no hit-testing. Installed in the open page for one sample: the page's
// overlay hands it the batches' diffs instead of drawing them, and its canvas is hidden; removing it
// puts the overlay back (its markers then lag until the next snapshot, so it runs last).
//
// Strings, not functions: tsx would wrap a function with helpers the page does not have.
import { STATE_STYLE } from '../renderer/pages/logistics-map/fleet-model.ts';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const COLOURS = Object.fromEntries(Object.entries(STATE_STYLE).map(([s, { colour }]) => [s, rgb(colour)]));

/** Adds the layer above every other and routes the overlay's diffs to it. */
export const INSTALL_GL_PEER = `(() => {
  const el = document.querySelector('[data-fleet-shown]');
  const map = el.maplibreMap, overlay = el.fleetOverlay;
  const colours = ${JSON.stringify(COLOURS)};
  const FLOATS = 5; // mercator x, y; r, g, b
  const merc = (lon, lat) => {
    const s = Math.sin(Math.max(-85.05, Math.min(85.05, lat)) * Math.PI / 180);
    return [(lon + 180) / 360, 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)];
  };
  const slots = new Map();
  const capacity = overlay.markers.size + 4096;
  const data = new Float32Array(capacity * FLOATS).fill(-10); // off the world until written
  const dirty = new Set();
  const write = (id, lngLat, state) => {
    let slot = slots.get(id);
    if (slot === undefined) {
      if (slots.size >= capacity) return;
      slots.set(id, (slot = slots.size));
    }
    const [x, y] = merc(lngLat[0], lngLat[1]);
    data.set([x, y, ...colours[state]], slot * FLOATS);
    dirty.add(slot);
  };
  for (const m of overlay.markers.values()) write(m.id, m.lngLat, m.state);
  let gl, program, buffer, loc;
  const layer = {
    id: 'fleet-gl-peer', type: 'custom', renderingMode: '2d',
    onAdd(_map, context) {
      gl = context;
      const shader = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
      program = gl.createProgram();
      gl.attachShader(program, shader(gl.VERTEX_SHADER, 'uniform mat4 u_matrix; uniform float u_size; attribute vec2 a_pos; attribute vec3 a_colour; varying vec3 v_colour;'
        + 'void main() { gl_Position = u_matrix * vec4(a_pos, 0.0, 1.0); gl_PointSize = u_size; v_colour = a_colour; }'));
      gl.attachShader(program, shader(gl.FRAGMENT_SHADER, 'precision mediump float; varying vec3 v_colour;'
        + 'void main() { vec2 d = gl_PointCoord - 0.5; if (dot(d, d) > 0.25) discard; gl_FragColor = vec4(v_colour, 1.0); }'));
      gl.linkProgram(program);
      loc = { pos: gl.getAttribLocation(program, 'a_pos'), colour: gl.getAttribLocation(program, 'a_colour'), matrix: gl.getUniformLocation(program, 'u_matrix'), size: gl.getUniformLocation(program, 'u_size') };
      buffer = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.DYNAMIC_DRAW);
      dirty.clear();
    },
    render(context, args) {
      gl.useProgram(program);
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      // Only the entries the batches changed since the last frame.
      for (const slot of dirty) gl.bufferSubData(gl.ARRAY_BUFFER, slot * FLOATS * 4, data.subarray(slot * FLOATS, slot * FLOATS + FLOATS));
      dirty.clear();
      gl.uniformMatrix4fv(loc.matrix, false, args.defaultProjectionData.mainMatrix);
      gl.uniform1f(loc.size, (map.getZoom() < 11 ? 6 : 34) * devicePixelRatio);
      gl.enableVertexAttribArray(loc.pos);
      gl.vertexAttribPointer(loc.pos, 2, gl.FLOAT, false, FLOATS * 4, 0);
      gl.enableVertexAttribArray(loc.colour);
      gl.vertexAttribPointer(loc.colour, 3, gl.FLOAT, false, FLOATS * 4, 8);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.drawArrays(gl.POINTS, 0, slots.size);
      gl.disableVertexAttribArray(loc.pos);
      gl.disableVertexAttribArray(loc.colour);
    },
  };
  map.addLayer(layer);
  overlay.canvas.style.display = 'none';
  overlay.apply = (diff) => {
    for (const id of diff.remove) {
      const slot = slots.get(id);
      if (slot !== undefined) { data[slot * FLOATS] = -10; dirty.add(slot); }
    }
    for (const f of [...diff.add, ...diff.update]) write(Number(f.id), f.geometry.coordinates, f.properties.state);
    map.triggerRepaint();
  };
  window.__fleetGlPeer = { slots };
  return slots.size;
})()`;

/** Takes the layer off and gives the batches back to the overlay. */
export const REMOVE_GL_PEER = `(() => {
  const el = document.querySelector('[data-fleet-shown]');
  el.maplibreMap.removeLayer('fleet-gl-peer');
  delete el.fleetOverlay.apply;
  el.fleetOverlay.canvas.style.display = '';
  delete window.__fleetGlPeer;
})()`;
