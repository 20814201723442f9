-- The credit checkout speaks of rules, not of HTTP: credit_checkout (and credit_checkout_outcome)
-- are place_credit_order and credit_order_outcome of 0009 with each refusal named by its rule
-- (age_required, unavailable, restricted_state, out_of_stock, over_budget) and no status; the API
-- maps a reason to its answer (api/http/checkout-refusals.ts). The age gate is one function,
-- passed_age_gate, which the checkout and every query that needs it call.
--
-- Migrations only add, so a process of the previous version keeps working during a rolling
-- upgrade: place_credit_order, credit_order_outcome and checkout_requests.status stay for it (a
-- later migration drops them). Keys it stored carry the old reason names; the API reads both.

-- Whether a person passed the age gate: age-verified, or the admin turned age verification off
-- (it is on while no settings were saved: p_gate_on is channel_settings.age_verification_enabled,
-- null without a row). Of its arguments only, with no sub-select, so the planner inlines it.
CREATE FUNCTION passed_age_gate(p_age_verified boolean, p_gate_on boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_age_verified, false) OR NOT coalesce(p_gate_on, true)
$$;
--> statement-breakpoint
CREATE FUNCTION credit_checkout_outcome(
  p_user_id uuid,
  p_lines jsonb,
  p_delivery_name text,
  p_delivery_address text,
  p_delivery_state text,
  p_at timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_passed boolean;
  v_line record;
  v_total numeric(12, 2) := 0;
  v_remaining numeric(12, 2);
  v_left integer;
  v_stock jsonb := '[]'::jsonb;
  v_order orders%ROWTYPE;
  v_items jsonb := '[]'::jsonb;
  v_lines jsonb;
  v_period_start timestamptz := date_trunc('month', p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  SELECT passed_age_gate(p.age_verified, (SELECT s.age_verification_enabled FROM channel_settings s LIMIT 1))
  INTO v_passed
  FROM profiles p WHERE p.id = p_user_id;
  IF NOT coalesce(v_passed, false) THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'age_required');
  END IF;

  -- p_lines: [{productId, quantity, position}], each product once.
  FOR v_line IN
    SELECT l."productId" AS product_id, l.quantity, l.position, p.title, p.credit_price, p.is_active,
           p.restricted_states, p.stock_quantity
    FROM jsonb_to_recordset(p_lines) AS l("productId" uuid, quantity integer, position integer)
    LEFT JOIN products p ON p.id = l."productId"
    ORDER BY l."productId"
  LOOP
    IF NOT coalesce(v_line.is_active, false) THEN
      RETURN jsonb_build_object('outcome', 'refused', 'reason', 'unavailable', 'title', v_line.title);
    END IF;
    IF p_delivery_state = ANY (v_line.restricted_states) THEN
      RETURN jsonb_build_object('outcome', 'refused', 'reason', 'restricted_state', 'title', v_line.title);
    END IF;
    IF v_line.stock_quantity < v_line.quantity THEN
      RETURN jsonb_build_object('outcome', 'refused', 'reason', 'out_of_stock', 'title', v_line.title);
    END IF;
    v_total := v_total + v_line.credit_price * v_line.quantity;
    -- What was read is what is charged and written, whatever changes meanwhile.
    v_items := v_items || jsonb_build_object(
      'productId', v_line.product_id, 'title', v_line.title, 'unitCredits', v_line.credit_price::text,
      'quantity', v_line.quantity, 'position', v_line.position
    );
  END LOOP;

  SELECT greatest(
    0,
    coalesce(t.price_monthly, 0) + process_monthly_rollover(p_user_id, p_at)
      - get_current_period_spending(p_user_id, p_at)
  )
  INTO v_remaining
  FROM profiles p LEFT JOIN membership_tiers t ON t.id = p.membership_tier_id
  WHERE p.id = p_user_id;
  IF v_total > v_remaining THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'over_budget', 'remaining', v_remaining::text);
  END IF;

  SELECT jsonb_agg(item - 'position' ORDER BY (item ->> 'position')::integer)
  INTO v_lines FROM jsonb_array_elements(v_items) AS item;

  -- The hot rows last: a product's row stays locked from its update to the commit, so everything
  -- else is written first.
  BEGIN
    INSERT INTO orders (user_id, total_credits, delivery_name, delivery_address, delivery_state, created_at)
    VALUES (p_user_id, v_total, p_delivery_name, p_delivery_address, p_delivery_state, p_at)
    RETURNING * INTO v_order;

    INSERT INTO order_lines (order_id, product_id, title, unit_credits, quantity)
    SELECT v_order.id, l."productId", l.title, l."unitCredits", l.quantity
    FROM jsonb_to_recordset(v_items)
      AS l("productId" uuid, title text, "unitCredits" numeric(12, 2), quantity integer, position integer)
    ORDER BY l.position;

    INSERT INTO user_spending (user_id, amount, description, period_start, period_end, order_id, created_at)
    VALUES (
      p_user_id, v_total, 'Order #' || v_order.number, v_period_start,
      (v_period_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC', v_order.id, p_at
    );

    FOR v_line IN
      SELECT l."productId" AS product_id, l.quantity, l.title
      FROM jsonb_to_recordset(v_items) AS l("productId" uuid, quantity integer, title text)
      ORDER BY l."productId"
    LOOP
      UPDATE products SET stock_quantity = stock_quantity - v_line.quantity
      WHERE id = v_line.product_id AND is_active AND stock_quantity >= v_line.quantity
      RETURNING stock_quantity INTO v_left;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'CK409', MESSAGE = v_line.title;
      END IF;
      v_stock := v_stock || jsonb_build_object(
        'title', v_line.title, 'quantity', v_line.quantity, 'left', v_left
      );
    END LOOP;
  EXCEPTION WHEN SQLSTATE 'CK409' THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'out_of_stock', 'title', SQLERRM);
  END;

  RETURN jsonb_build_object(
    'outcome', 'placed',
    'order', jsonb_build_object(
      'id', v_order.id,
      'number', v_order.number,
      'status', v_order.status,
      'totalCredits', v_order.total_credits::text,
      'deliveryName', v_order.delivery_name,
      'deliveryAddress', v_order.delivery_address,
      'deliveryState', v_order.delivery_state,
      'createdAt', v_order.created_at,
      'lines', v_lines
    ),
    'stock', v_stock
  );
END;
$$;
--> statement-breakpoint
CREATE FUNCTION credit_checkout(
  p_user_id uuid,
  p_key text,
  p_request_hash text,
  p_lines jsonb,
  p_delivery_name text,
  p_delivery_address text,
  p_delivery_state text,
  p_at timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_earlier checkout_requests%ROWTYPE;
  v_outcome jsonb;
BEGIN
  -- One checkout per member at a time (so concurrent ones cannot overspend), and a second request
  -- with a key waits here until the first one's result is committed. A lock in memory: nothing is
  -- written for it. Two members whose ids hash alike merely take turns. (725001 is the migrations'
  -- lock, db/client.ts.)
  PERFORM pg_advisory_xact_lock(725002, hashtext(p_user_id::text));
  SELECT * INTO v_earlier FROM checkout_requests WHERE user_id = p_user_id AND key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'outcome', 'earlier', 'requestHash', v_earlier.request_hash, 'earlier', v_earlier.response
    );
  END IF;
  v_outcome := credit_checkout_outcome(
    p_user_id, p_lines, p_delivery_name, p_delivery_address, p_delivery_state, p_at
  );
  INSERT INTO checkout_requests (user_id, key, request_hash, response)
  VALUES (p_user_id, p_key, p_request_hash, v_outcome);
  RETURN v_outcome;
END;
$$;
