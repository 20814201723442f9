-- version: 2
-- One credit checkout's rules, in this order, the first that fails refusing it with nothing
-- written: the age gate (age_required), each product active (unavailable), not restricted in the
-- delivery state (restricted_state), in stock (out_of_stock), then the order's total within what
-- is left of the member's monthly budget (over_budget: the tier's monthly credits plus rollover
-- plus credits added this month, less this month's spending). Otherwise the order, its lines, the spending and the stock are
-- written, and the answer carries the order and the stock each product has left.
CREATE OR REPLACE FUNCTION credit_checkout_outcome(
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
      + get_period_credits(p_user_id, p_at) - get_current_period_spending(p_user_id, p_at)
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
