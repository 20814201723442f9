-- version: 1
-- Carries unused budget forward, one month at a time, from the last calculated period up to the
-- period containing p_at: rollover = max(0, monthly price + credits added that month + previous
-- rollover - spent that month). A user with no row yet starts at 0 in the current period. Returns
-- the rollover now in force. (First defined in migration 0001; credits since issue 39.)
CREATE OR REPLACE FUNCTION process_monthly_rollover(p_user_id uuid, p_at timestamptz DEFAULT now())
RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_current timestamptz := date_trunc('month', p_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_budget numeric(12, 2);
  v_rollover numeric(12, 2);
  v_period timestamptz;
  v_spent numeric(12, 2);
BEGIN
  SELECT coalesce(t.price_monthly, 0) INTO v_budget
  FROM profiles p LEFT JOIN membership_tiers t ON t.id = p.membership_tier_id
  WHERE p.id = p_user_id;
  v_budget := coalesce(v_budget, 0);

  INSERT INTO user_budget_rollover (user_id, rollover_amount, last_calculated_period)
  VALUES (p_user_id, 0, v_current)
  ON CONFLICT (user_id) DO NOTHING;

  SELECT rollover_amount, coalesce(last_calculated_period, v_current) INTO v_rollover, v_period
  FROM user_budget_rollover WHERE user_id = p_user_id FOR UPDATE;

  WHILE v_period < v_current LOOP
    SELECT coalesce(sum(amount), 0) INTO v_spent
    FROM user_spending
    WHERE user_id = p_user_id
      AND period_start >= v_period
      AND period_start < ((v_period AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC');
    v_rollover := greatest(v_budget + get_period_credits(p_user_id, v_period) + v_rollover - v_spent, 0);
    v_period := (v_period AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;

  UPDATE user_budget_rollover
  SET rollover_amount = v_rollover, last_calculated_period = v_current, updated_at = now()
  WHERE user_id = p_user_id;
  RETURN v_rollover;
END;
$$;
