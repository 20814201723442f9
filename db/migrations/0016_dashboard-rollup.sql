-- The owner's dashboard's daily roll-up of sales (sales_days, sales_day_products: db/schema/dashboard.ts).
-- At 100,000 orders the period's orders joined with their lines cost 60-90 ms on Postgres, over the
-- dashboard's 50 ms. Past days do not change unless an order of theirs does, so each complete day in
-- the channel's time zone is rolled up once (roll_missing_sales_days, when the dashboard first asks
-- for it) and only today is read from the orders. Today is never rolled: checkouts (today's orders)
-- find no row here, write nothing here and wait on nothing here. A change to an order or a line of a
-- day already rolled (a late cancel, an order written into the past) rolls that day again within
-- the change's own transaction; a new time zone empties the roll-up. Advisory lock 52070 keeps the
-- two apart: each change holds it shared, a roll-up of missing days exclusively, so a day is never
-- rolled from a snapshot that misses a change committing meanwhile.
CREATE FUNCTION channel_time_zone() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM channel_settings LIMIT 1), 'UTC')
$$;
--> statement-breakpoint
-- Rolls these days (calendar days in p_tz) again from the orders: their rows replaced.
CREATE FUNCTION roll_sales_days(p_days date[], p_tz text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_days WHERE day = ANY (p_days);
  INSERT INTO sales_days (day, orders, credits)
  SELECT d.day, count(o.id), coalesce(sum(o.total_credits), 0)
  FROM (SELECT DISTINCT unnest(p_days) AS day) d
  LEFT JOIN orders o ON o.status <> 'cancelled'
    AND o.created_at >= d.day::timestamp AT TIME ZONE p_tz
    AND o.created_at < (d.day + 1)::timestamp AT TIME ZONE p_tz
  GROUP BY d.day;
  INSERT INTO sales_day_products (day, product_key, title, units, credits)
  SELECT d.day, coalesce(l.product_id::text, 'title:' || l.title), max(l.title), sum(l.quantity),
    sum(l.unit_credits * l.quantity)
  FROM (SELECT DISTINCT unnest(p_days) AS day) d
  JOIN orders o ON o.status <> 'cancelled'
    AND o.created_at >= d.day::timestamp AT TIME ZONE p_tz
    AND o.created_at < (d.day + 1)::timestamp AT TIME ZONE p_tz
  JOIN order_lines l ON l.order_id = o.id
  GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- Rolls up the days from p_first to p_last not rolled yet; nothing to do takes no lock.
CREATE FUNCTION roll_missing_sales_days(p_first date, p_last date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_missing boolean;
BEGIN
  SELECT EXISTS (
    SELECT 1 FROM generate_series(p_first, p_last, interval '1 day') d
    WHERE NOT EXISTS (SELECT 1 FROM sales_days s WHERE s.day = d::date)
  ) INTO v_missing;
  IF NOT v_missing THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(52070);
  -- Read again under the lock: another reader may have rolled some meanwhile.
  PERFORM roll_sales_days(array_agg(d::date), channel_time_zone())
  FROM generate_series(p_first, p_last, interval '1 day') d
  WHERE NOT EXISTS (SELECT 1 FROM sales_days s WHERE s.day = d::date)
  HAVING count(*) > 0;
END;
$$;
--> statement-breakpoint
-- An order or line changed at these instants: the days they fall on are rolled again when rolled
-- already. A local day is within a day of the UTC one, so an instant far from any rolled day (a
-- checkout's, today) is let go after one index probe.
CREATE FUNCTION sales_changed_at(p_at timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_tz text;
  v_days date[];
BEGIN
  PERFORM pg_advisory_xact_lock_shared(52070);
  IF NOT EXISTS (
    SELECT 1 FROM unnest(p_at) a
    JOIN sales_days s ON s.day BETWEEN (a AT TIME ZONE 'UTC')::date - 1 AND (a AT TIME ZONE 'UTC')::date + 1
  ) THEN
    RETURN;
  END IF;
  v_tz := channel_time_zone();
  SELECT array_agg(s.day) INTO v_days FROM sales_days s
  WHERE s.day IN (SELECT (a AT TIME ZONE v_tz)::date FROM unnest(p_at) a);
  IF v_days IS NOT NULL THEN
    PERFORM roll_sales_days(v_days, v_tz);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION orders_sales_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_changed_at(ARRAY[NEW.created_at]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sales_changed_at(ARRAY[OLD.created_at]);
  ELSE
    PERFORM sales_changed_at(ARRAY[NEW.created_at, OLD.created_at]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_changed AFTER INSERT OR DELETE OR UPDATE OF status, total_credits, created_at
ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_sales_changed();
--> statement-breakpoint
CREATE FUNCTION order_lines_sales_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_orders uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_orders := ARRAY[NEW.order_id];
  ELSIF TG_OP = 'DELETE' THEN
    v_orders := ARRAY[OLD.order_id];
  ELSE
    v_orders := ARRAY[NEW.order_id, OLD.order_id];
  END IF;
  -- A line deleted with its order finds no order: the order's own trigger saw to its day.
  PERFORM sales_changed_at(array_agg(o.created_at)) FROM orders o WHERE o.id = ANY (v_orders);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_changed AFTER INSERT OR DELETE OR UPDATE OF order_id, quantity, unit_credits
ON "order_lines" FOR EACH ROW EXECUTE FUNCTION order_lines_sales_changed();
--> statement-breakpoint
-- Days are the channel's: another time zone makes other days.
CREATE FUNCTION channel_time_zone_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.time_zone IS DISTINCT FROM OLD.time_zone THEN
    PERFORM pg_advisory_xact_lock_shared(52070);
    DELETE FROM sales_days;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER channel_time_zone_changed AFTER INSERT OR UPDATE OF time_zone ON "channel_settings"
FOR EACH ROW EXECUTE FUNCTION channel_time_zone_changed();
