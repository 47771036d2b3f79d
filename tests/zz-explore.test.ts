import { it } from 'vitest';
import { createTestApp } from './support/test-app.ts';
it('explore', async () => {
  const t = createTestApp();
  const q = (s: string) => console.log(s, JSON.stringify(t.db.$client.prepare(s).all()));
  q("select corp_id, status, cold_machine, count(*) n from vehicles group by 1,2,3"); q("select corp_id, status, count(*) from drivers group by 1,2"); q("select count(*) from drivers d join vehicles v on v.driver_id = d.id and v.carrier_id <> d.carrier_id");
  q('select corp_id, min(id), max(id) from car_models group by 1');
  q('select corp_id, min(id), max(id) from carriers group by 1');
  q('select corp_id, min(id), max(id) from customers group by 1');
  q('select count(*) from drivers where carrier_id = 1');
  q('select count(distinct load_weight) d, count(*) from vehicles where corp_id = 1');
  q('select count(distinct updated_at) d, count(*) from vehicles where corp_id = 1');
  q('select model_name from car_models where corp_id=1');
  q('select * from drivers limit 2');
  q('select * from carriers limit 1');
  q('select * from customers limit 1');
  q('select * from departments');
  q('select id, role_name, corp_id from roles');
});
