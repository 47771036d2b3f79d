import Database from 'better-sqlite3';
const db = new Database('.bench/list-api.db', { readonly: true });
const qs = [
 ["SELECT count(*) n FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0", []],
 ["SELECT t.id FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.status IN (0) ORDER BY t.updated_at DESC, t.id DESC LIMIT 20 OFFSET 980", []],
 ["SELECT count(*) n FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.status IN (0)", []],
 ["SELECT t.id FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.vehicle_no LIKE '%京A%' ESCAPE '\\' ORDER BY t.vehicle_no ASC, t.id ASC LIMIT 20 OFFSET 0", []],
 ["SELECT count(*) n FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.vehicle_no LIKE '%京A%' ESCAPE '\\'", []],
 ["SELECT t.id FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.carrier_id = 1 AND t.cold_machine = 1 ORDER BY t.updated_at DESC, t.id DESC LIMIT 20", []],
 ["SELECT count(*) n FROM vehicles t WHERE t.corp_id = 1 AND t.is_deleted = 0 AND t.carrier_id = 1 AND t.cold_machine = 1", []],
] as const;
for (const [sql] of qs) {
  console.log(sql);
  for (const r of db.prepare('EXPLAIN QUERY PLAN ' + sql).all() as any[]) console.log('   ', r.detail);
  const st = db.prepare(sql);
  const t = performance.now(); const out = st.all(); console.log('   ms', (performance.now() - t).toFixed(1), out.length, JSON.stringify(out[0]));
}
