-- version: 1
-- A credit checkout with an Idempotency-Key: in the member's turn, the key's earlier result if it
-- has one, else credit_checkout_outcome's, kept with the key.
CREATE OR REPLACE FUNCTION credit_checkout(
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
