-- version: 1
-- Whether a person passed the age gate: age-verified, or the admin turned age verification off
-- (it is on while no settings were saved: p_gate_on is channel_settings.age_verification_enabled,
-- null without a row). Of its arguments only, with no sub-select, so the planner inlines it.
CREATE OR REPLACE FUNCTION passed_age_gate(p_age_verified boolean, p_gate_on boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_age_verified, false) OR NOT coalesce(p_gate_on, true)
$$;
