-- What SQLite's hand-written migrations 0011, 0012, 0016 and 0018 keep up to date with triggers,
-- kept the same way here, in the same transaction as every write to the rows they summarise
-- (docs/decisions.md "Two engines"): the messages some changes produce, the waybill counts by
-- status and by day, the report summary of arrivals, and an index for number fragments.
-- Each summary is one function that adds or takes away one row's part, so a trigger on update
-- takes the old part away and adds the new one.

-- The waybill tab counts (SQLite 0012) and counts by creation day (SQLite 0016).
CREATE TABLE "waybill_status_counts" (
	"corp_id" bigint NOT NULL,
	"carrier_id" bigint NOT NULL,
	"business_type" bigint NOT NULL,
	"status" bigint NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("corp_id", "carrier_id", "business_type", "status")
);
--> statement-breakpoint
CREATE FUNCTION huoyun_waybill_counts(w waybills, sign bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_day bigint := (w.created_at + 28800000) / 86400000;
BEGIN
	IF w.is_deleted <> 0 THEN RETURN; END IF;
	INSERT INTO waybill_status_counts (corp_id, carrier_id, business_type, status, n)
		VALUES (w.corp_id, coalesce(w.carrier_id, 0), w.business_type, w.status, sign)
		ON CONFLICT (corp_id, carrier_id, business_type, status) DO UPDATE SET n = waybill_status_counts.n + sign;
	INSERT INTO waybill_day_counts (corp_id, day, carrier_id, business_type, status, n)
		VALUES (w.corp_id, v_day, coalesce(w.carrier_id, 0), w.business_type, w.status, sign)
		ON CONFLICT (corp_id, day, carrier_id, business_type, status) DO UPDATE SET n = waybill_day_counts.n + sign;
	DELETE FROM waybill_day_counts c
		WHERE c.corp_id = w.corp_id AND c.day = v_day AND c.carrier_id = coalesce(w.carrier_id, 0)
			AND c.business_type = w.business_type AND c.status = w.status AND c.n = 0;
END $$;
--> statement-breakpoint
-- The report summary (SQLite 0018): one end node's part of its waybill's row (corp, carrier, month, day, type).
CREATE FUNCTION huoyun_day_stats(w waybills, arrive bigint, required bigint, state bigint, sign bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_day bigint := ((w.created_at + 28800000) / 86400000) * 86400000 - 28800000;
	v_month text := to_char(to_timestamp((v_day + 28800000) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM');
	late boolean := coalesce(state = 3, false);
BEGIN
	IF w.is_deleted <> 0 THEN RETURN; END IF;
	INSERT INTO waybill_day_stats AS s (corp_id, carrier_id, month, day, business_type, waybill_count, arrived_count, on_time_count, late_count, late_measured_count, late_ms)
		VALUES (w.corp_id, coalesce(w.carrier_id, 0), v_month, v_day, w.business_type, sign,
			sign * (arrive IS NOT NULL)::int, sign * coalesce(state IN (1, 2), false)::int, sign * late::int,
			sign * (late AND arrive IS NOT NULL AND required IS NOT NULL)::int,
			sign * CASE WHEN late THEN coalesce(arrive - required, 0) ELSE 0 END)
		ON CONFLICT (corp_id, carrier_id, month, day, business_type) DO UPDATE SET
			waybill_count = s.waybill_count + excluded.waybill_count, arrived_count = s.arrived_count + excluded.arrived_count,
			on_time_count = s.on_time_count + excluded.on_time_count, late_count = s.late_count + excluded.late_count,
			late_measured_count = s.late_measured_count + excluded.late_measured_count, late_ms = s.late_ms + excluded.late_ms;
	DELETE FROM waybill_day_stats s
		WHERE s.corp_id = w.corp_id AND s.carrier_id = coalesce(w.carrier_id, 0) AND s.month = v_month AND s.day = v_day
			AND s.business_type = w.business_type AND s.waybill_count = 0;
END $$;
--> statement-breakpoint
-- Every end node of a waybill, in or out of the summary together (a waybill deleted, restored, moved).
CREATE FUNCTION huoyun_waybill_day_stats(w waybills, sign bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	n record;
BEGIN
	FOR n IN SELECT actual_arrive_time, required_arrive_time, arrive_state FROM waybill_nodes WHERE waybill_id = w.id AND node_type = 'end' LOOP
		PERFORM huoyun_day_stats(w, n.actual_arrive_time, n.required_arrive_time, n.arrive_state, sign);
	END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION huoyun_waybills_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM huoyun_waybill_counts(NEW, 1);
		PERFORM huoyun_waybill_day_stats(NEW, 1);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM huoyun_waybill_counts(OLD, -1);
	ELSE
		IF (OLD.is_deleted, OLD.status, OLD.carrier_id, OLD.corp_id, OLD.business_type, OLD.created_at)
			IS DISTINCT FROM (NEW.is_deleted, NEW.status, NEW.carrier_id, NEW.corp_id, NEW.business_type, NEW.created_at) THEN
			PERFORM huoyun_waybill_counts(OLD, -1);
			PERFORM huoyun_waybill_counts(NEW, 1);
		END IF;
		IF (OLD.is_deleted, OLD.carrier_id, OLD.corp_id, OLD.business_type, OLD.created_at)
			IS DISTINCT FROM (NEW.is_deleted, NEW.carrier_id, NEW.corp_id, NEW.business_type, NEW.created_at) THEN
			PERFORM huoyun_waybill_day_stats(OLD, -1);
			PERFORM huoyun_waybill_day_stats(NEW, 1);
		END IF;
		-- A driver refused the waybill (status 1 司机拒单): its creator hears of it (SQLite 0011).
		IF NEW.status = 1 AND OLD.status <> 1 AND NEW.created_by IS NOT NULL THEN
			INSERT INTO messages (corp_id, user_id, kind, title, content, link, is_read, created_at)
				SELECT NEW.corp_id, u.id, 'waybillRefused', '司机拒单', '运单 ' || NEW.waybill_no || ' 已被司机拒单，请重新派车',
					'/waybillDetails?waybillId=' || NEW.id, 0, NEW.updated_at
				FROM users u WHERE u.id = NEW.created_by AND u.corp_id = NEW.corp_id;
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waybills_changed AFTER INSERT OR UPDATE OR DELETE ON waybills FOR EACH ROW EXECUTE FUNCTION huoyun_waybills_changed();
--> statement-breakpoint
-- A hard delete takes the end nodes' part BEFORE, while they still exist; the cascade that deletes
-- them then finds no live waybill and takes nothing again.
CREATE FUNCTION huoyun_waybill_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM huoyun_waybill_day_stats(OLD, -1);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER waybills_deleting BEFORE DELETE ON waybills FOR EACH ROW EXECUTE FUNCTION huoyun_waybill_deleting();
--> statement-breakpoint
CREATE FUNCTION huoyun_waybill_nodes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	w waybills;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.node_type = 'end' THEN
		SELECT * INTO w FROM waybills WHERE id = OLD.waybill_id;
		IF FOUND THEN PERFORM huoyun_day_stats(w, OLD.actual_arrive_time, OLD.required_arrive_time, OLD.arrive_state, -1); END IF;
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.node_type = 'end' THEN
		SELECT * INTO w FROM waybills WHERE id = NEW.waybill_id;
		IF FOUND THEN PERFORM huoyun_day_stats(w, NEW.actual_arrive_time, NEW.required_arrive_time, NEW.arrive_state, 1); END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waybill_nodes_changed AFTER INSERT OR DELETE OR UPDATE OF waybill_id, node_type, actual_arrive_time, required_arrive_time, arrive_state
	ON waybill_nodes FOR EACH ROW EXECUTE FUNCTION huoyun_waybill_nodes_changed();
--> statement-breakpoint
-- An order delegated to a carrier: every enabled user of that carrier hears of it (SQLite 0011).
CREATE FUNCTION huoyun_order_delegated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.carrier_id IS NOT NULL AND OLD.carrier_id IS DISTINCT FROM NEW.carrier_id THEN
		INSERT INTO messages (corp_id, user_id, kind, title, content, link, is_read, created_at)
			SELECT NEW.corp_id, u.id, 'orderDelegated', '订单委托', '订单 ' || NEW.order_no || ' 已委托给贵司，请及时安排车辆',
				'/orderDetail?orderId=' || NEW.id, 0, NEW.updated_at
			FROM users u
			WHERE u.corp_id = NEW.corp_id AND u.user_type = 2 AND u.partner_id = NEW.carrier_id AND u.is_deleted = 0 AND u.enabled = 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_delegated AFTER UPDATE OF carrier_id ON orders FOR EACH ROW EXECUTE FUNCTION huoyun_order_delegated();
--> statement-breakpoint
-- Number fragments (SQLite 0016's FTS5 trigram table): a trigram index serves LIKE '%fragment%' itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "waybills_no_trigram" ON "waybills" USING gin ("waybill_no" gin_trgm_ops);
