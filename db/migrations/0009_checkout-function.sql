-- A credit checkout in one statement (place_credit_order, below): a busy shop's checkouts do not
-- pay a dozen round trips each, and a hot product's row is locked only for the end of that one
-- statement. The member's checkouts take turns, the order is placed or refused, and the outcome
-- kept with the Idempotency-Key, all in the statement's transaction: the same key gets the same
-- outcome back. The API words the answer.
--
-- credit_order_outcome, the order itself, called with the member's turn held:
--   1. the age gate;
--   2. each product is read: active, deliverable to the state, with enough stock when read;
--   3. the budget: monthly price + rollover (brought up to date) - spent this period;
--   4. the order, its lines at the price read in 2 and the period's spending are written, and
--      last the stock is taken only where enough remains (products in id order). A product
--      emptied in the meantime undoes step 4 as a whole (order numbers may then skip one).
-- A refusal returns its HTTP status, its reason and the facts its message needs; nothing of the
-- order is written.
CREATE FUNCTION credit_order_outcome(
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
  -- The age gate as passedAgeGate (db/queries/channel.ts) reads it.
  SELECT coalesce(p.age_verified, false)
      OR NOT coalesce((SELECT s.age_verification_enabled FROM channel_settings s LIMIT 1), true)
  INTO v_passed
  FROM profiles p WHERE p.id = p_user_id;
  IF NOT coalesce(v_passed, false) THEN
    RETURN jsonb_build_object('outcome', 'refused', 'status', 403, 'reason', 'age');
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
      RETURN jsonb_build_object('outcome', 'refused', 'status', 422, 'reason', 'unavailable', 'title', v_line.title);
    END IF;
    IF p_delivery_state = ANY (v_line.restricted_states) THEN
      RETURN jsonb_build_object('outcome', 'refused', 'status', 422, 'reason', 'restricted', 'title', v_line.title);
    END IF;
    IF v_line.stock_quantity < v_line.quantity THEN
      RETURN jsonb_build_object('outcome', 'refused', 'status', 409, 'reason', 'stock', 'title', v_line.title);
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
    RETURN jsonb_build_object('outcome', 'refused', 'status', 422, 'reason', 'budget', 'remaining', v_remaining::text);
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
    RETURN jsonb_build_object('outcome', 'refused', 'status', 409, 'reason', 'stock', 'title', SQLERRM);
  END;

  RETURN jsonb_build_object(
    'outcome', 'placed',
    'status', 201,
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
CREATE FUNCTION place_credit_order(
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
  v_outcome := credit_order_outcome(
    p_user_id, p_lines, p_delivery_name, p_delivery_address, p_delivery_state, p_at
  );
  INSERT INTO checkout_requests (user_id, key, request_hash, status, response)
  VALUES (p_user_id, p_key, p_request_hash, (v_outcome ->> 'status')::integer, v_outcome);
  RETURN v_outcome;
END;
$$;
